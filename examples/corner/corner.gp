# The corner example's picture: gnuplot -e "data='corner.dat'" -e "output='corner.png'" corner.gp
# (target plot-corner). Under f = (2, -1): the height y = g2 (Platt's
# algorithm dips below 0, figures 2, 4, 5). Under f = (-1, -2): g1 = x - y
# (the improved algorithm crosses x = y, figure 3). Negative = outside the
# admissible region.
set terminal pngcairo size 1200,800 font ",10"
set output output
set multiplot layout 2,2 title "tact corner example (paper figure 1): h = 0.01 s, tau = 0.05 s; below 0 = outside the admissible region"
set xlabel "t (s)"
set key right center box opaque
set format y "%.0e"
do for [i = 0:3] {
  mass = i < 2 ? 2 : 3
  if (i % 2 == 0) {
    set title sprintf("m = %d, f = (2, -1): g2 = y", mass); set ylabel "y"; c = 2
  } else {
    set title sprintf("m = %d, f = (-1, -2): g1 = x - y", mass); set ylabel "x - y"; c = 6
  }
  plot data index i using 1:c with lines lw 2 title "platt", \
       data index i using 1:c+1 with lines lw 2 dt 2 title "platt-improved", \
       data index i using 1:c+2 with lines lw 2 title "right", \
       data index i using 1:c+3 with points pt 7 ps 0.4 title "exact"
}
unset multiplot
