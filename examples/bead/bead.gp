# Drift |p| - r of the bead on a wire, with and without Baumgarte's term,
# from bead_data's output.
# gnuplot -e "data='bead.dat'" -e "output='bead.png'" bead.gp
if (!exists("data")) data = 'bead.dat'
if (!exists("output")) output = 'bead.png'
set terminal pngcairo size 900,420 font ",10"
set output output
set multiplot layout 1,2 title "tact bead on a wire (r = 1 m, h = 1 ms): drift |p| - r"
set xlabel "t (s)"
set ylabel "drift (mm)"
set grid
set key bottom left
set title "both runs"
plot data using 1:($3*1e3) with lines lw 2 lc rgb "#c62828" title "no stabilization (tau = 1e6 s)", \
     data using 1:($2*1e3) with lines lw 2 lc rgb "#1565c0" title "Baumgarte, tau = 10 ms"
set title "Baumgarte, tau = 10 ms (zoom)"
set key top right
plot data using 1:($2*1e3) with lines lw 2 lc rgb "#1565c0" title "stabilized"
unset multiplot
