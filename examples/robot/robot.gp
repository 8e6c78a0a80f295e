# The robot example's picture: gnuplot -e "data='robot.dat'" -e "output='robot.png'" robot.gp
# (target plot-robot). The arm every 50 ms, the joint angles with their
# limits, and the heights of the wrist and the end effector above the floor.
set terminal pngcairo size 1500,520 font ",10"
set output output
set multiplot layout 1,3 title "tact robot example: 3-joint arm, gravity, joint limits and floor contact (World<3, 0, 9>, Exact, h = 1 ms)"

set title "the arm every 50 ms (colour: time), floor y = -0.55 m"
set size ratio -1
set xrange [-0.1:1.3]; set yrange [-0.7:0.7]
set xlabel "x (m)"; set ylabel "y (m)"
set cbrange [0:1.5]; set cblabel "t (s)"
set palette defined (0 "#c6dbef", 0.5 "#4292c6", 1 "#08306b")
unset key
set object 1 rect from -0.1,-0.7 to 1.3,-0.55 fc rgb "#dddddd" fs solid 1.0 noborder behind
plot data index 1 using 1:2:($3 * 0.05) with linespoints lw 2 pt 7 ps 0.6 lc palette notitle

unset object 1
set size noratio
unset colorbox
set title "joint angles (dashed: the limits that are reached)"
set xrange [0:1.5]; set yrange [-1.5:1.2]; set autoscale xfix
set xlabel "t (s)"; set ylabel "q (rad)"
set key bottom left box opaque
plot data index 0 using 1:2 with lines lw 2 lc rgb "#1f77b4" title "q1 (shoulder)", \
     data index 0 using 1:3 with lines lw 2 lc rgb "#ff7f0e" title "q2 (elbow)", \
     data index 0 using 1:4 with lines lw 2 lc rgb "#2ca02c" title "q3 (wrist)", \
     0.8 with lines dt 2 lc rgb "#ff7f0e" title "q2 upper limit 0.8", \
     -0.4 with lines dt 2 lc rgb "#2ca02c" title "q3 upper limit -0.4"

set title "heights above the floor, rows in the working set"
set yrange [-0.05:0.75]; set ylabel "height above the floor (m)"
set y2range [-0.5:8]; set y2tics 0, 1, 3; set ytics nomirror; set y2label "rows in the working set"
set key top right box opaque
popcount(m) = (int(m) & 1) + (int(m) >> 1 & 1) + (int(m) >> 2 & 1) + (int(m) >> 3 & 1) + (int(m) >> 4 & 1) + \
              (int(m) >> 5 & 1) + (int(m) >> 6 & 1) + (int(m) >> 7 & 1) + (int(m) >> 8 & 1)
plot data index 0 using 1:9 with lines lw 2 lc rgb "#d62728" title "end effector (tip3)", \
     data index 0 using 1:8 with lines lw 2 lc rgb "#9467bd" title "wrist (tip2)", \
     data index 0 using 1:(popcount($10)) axes x1y2 with steps lw 1.5 lc rgb "black" title "rows in the working set"
unset multiplot
