# The hand-set weights against themselves with two players: how drawish is the game itself at depth 4?
while kill -0 30614 2>/dev/null; do sleep 10; done
set -x
timeout 900 gamecore match duchess -o players=2 default default --games 100 --openings 50 --depth 4 --max-plies 600 --out p2-hand-selfmatch-d4.record > p2-hand-selfmatch-d4.txt 2>&1
