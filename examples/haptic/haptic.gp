# The haptic example's picture: gnuplot -e "data='haptic.dat'" -e "output='haptic.png'" haptic.gp
# (target plot-haptic). Device and proxy paths in the cavity's frame seen
# from the side (x-z) and from above (x-y), then the force on the device and
# the number of contacts per tick.
set terminal pngcairo size 1500,520 font ",10"
set output output
set multiplot layout 1,3 title "tact haptic example: god-object in an 80 mm box cavity (walls at ±40 mm), 1 kHz servo loop, k = 800 N/m"

set size ratio -1
set xrange [-50:60]; set yrange [-60:60]
set xtics 20; set ytics 20
set key top left box opaque samplen 2
set style rect fc rgb "#eeeeee" fs solid 1.0 noborder
set object 1 rect from -40,-40 to 40,40 behind
set arrow 1 from -40,-40 to 40,-40 nohead lw 3 lc rgb "#555555"
set arrow 2 from 40,-40 to 40,40 nohead lw 3 lc rgb "#555555"
set arrow 3 from -40,-40 to -40,40 nohead lw 3 lc rgb "#555555"
set arrow 4 from -40,40 to 40,40 nohead lw 3 lc rgb "#555555"

set title "side view: floor z = -40, wall x = +40"
set xlabel "x (mm)"; set ylabel "z (mm)"
plot data using 2:4 with lines dt 2 lw 1.5 lc rgb "#d62728" title "device", \
     data using 5:7 with lines lw 2.5 lc rgb "#1f77b4" title "proxy"

set title "top view: walls x = +40, y = +40 (the corner at top right)"
set xlabel "x (mm)"; set ylabel "y (mm)"
plot data using 2:3 with lines dt 2 lw 1.5 lc rgb "#d62728" title "device", \
     data using 5:6 with lines lw 2.5 lc rgb "#1f77b4" title "proxy"

unset object 1; unset arrow 1; unset arrow 2; unset arrow 3; unset arrow 4
set size noratio
set title "force k (proxy - device) in the cavity frame, and contacts"
set xrange [0:2300]; set yrange [-12:14]; set xtics 500; set ytics 5 nomirror
set xlabel "tick (ms)"; set ylabel "force (N)"
set y2label "contacts (rows in the working set)"
set y2range [-4:4.6]; set y2tics 0, 1, 3
set key bottom left horizontal box opaque
plot data using 1:8 with lines lw 2 lc rgb "#2ca02c" title "F_x", \
     data using 1:9 with lines lw 2 lc rgb "#9467bd" title "F_y", \
     data using 1:10 with lines lw 2 lc rgb "#ff7f0e" title "F_z", \
     data using 1:11 axes x1y2 with steps lw 1.5 lc rgb "black" title "contacts"
unset multiplot
