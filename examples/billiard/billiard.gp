# Six frames of the billiard break, from billiard_data's output (grey: paths).
# gnuplot -e "data='billiard.dat'" -e "output='billiard.png'" billiard.gp
if (!exists("data")) data = 'billiard.dat'
if (!exists("output")) output = 'billiard.png'
set terminal pngcairo size 1500,300 font ",10"
set output output
r = 0.0286
frames = "0 22 26 40 70 120"   # data blocks, one per 10 steps (5 ms); grey dots: the path so far
set multiplot layout 1,6 title "tact billiard: 11 balls, 77 inequality rows, exact strategy (h = 0.5 ms, tau = 0.75 ms, cue ball 3 m/s)"
set size ratio -1
set xrange [0:0.6]
set yrange [0:0.6]
set xtics 0.2
set ytics 0.2
unset key
set border 3
set tics nomirror out
set object 1 rectangle from 0,0 to 0.6,0.6 behind fillcolor rgb "#e8f3ea" fillstyle solid noborder
do for [i = 1:words(frames)] {
  k = int(word(frames, i))
  set title sprintf("t = %.3f s", k * 0.005)
  plot data index 0:k using 3:4 with points pointtype 7 pointsize 0.15 lc rgb "#9e9e9e", \
       data index k using (($2 < 10) ? $3 : 1/0):4:(r) with circles fillstyle solid 1.0 border lc rgb "#8b1a1a" fc rgb "#c62828", \
       data index k using (($2 == 10) ? $3 : 1/0):4:(r) with circles fillstyle solid 1.0 border lc rgb "black" fc rgb "white"
}
unset multiplot
