#!/bin/bash
# Big, strange and hostile inputs against a built roundel: each case prints its exit status, wall
# seconds, peak memory (MB) and the first stderr line. Every case must end in under 5 s and 200 MB,
# with exit 2 and one line (or 0 where the input is within the limits).
# Usage: scripts/hostile-inputs.sh [path/to/roundel]   (default: .build/release/roundel)
set -u
BIN=$(realpath "${1:-.build/release/roundel}")
W=$(mktemp -d /tmp/roundel-hostile.XXXXXX)
trap 'rm -rf "$W"' EXIT
cd "$W"
export XDG_STATE_HOME="$W/state"
printf '%-34s %4s %7s %7s  %s\n' case exit seconds MB "stderr (first line, cut)"
run() {   # run NAME ARGS...
    local name=$1; shift
    /usr/bin/time -o time.txt -f '%e %M' timeout 60 "$@" > out.txt 2> err.txt
    local status=$?
    read -r secs kb < <(tail -1 time.txt)
    printf '%-34s %4s %7s %7s  %s\n' "$name" "$status" "$secs" "$((kb / 1024))" "$(head -c 110 err.txt | head -1)"
    [ "$(wc -l < err.txt)" -le 1 ] || echo "   ^ more than one stderr line"
}
py() { python3 -c "$1"; }

py "open('ws.json','w').write('{\"wheel\":{}}' + ' ' * 200_000_000)"
run "200 MB of whitespace" "$BIN" render wheel --at 1 --config ws.json --out x.png
py "open('ws3.json','w').write('{\"wheel\":{}}' + ' ' * 4_000_000)"
run "4 MB of whitespace (within limit)" "$BIN" render wheel --at 1 --config ws3.json --out x.png
py "open('key.json','w').write('{\"wheel\":{\"' + 'k' * 200_000_000 + '\":1}}')"
run "200 MB unknown key" "$BIN" render wheel --at 1 --config key.json --out x.png
py "open('key3.json','w').write('{\"wheel\":{\"' + 'k' * 4_000_000 + '\":1}}')"
run "4 MB unknown key" "$BIN" render wheel --at 1 --config key3.json --out x.png
py "open('items.json','w').write('{\"wheel\":{\"items\":[' + ','.join(['\"Name %d\"' % i for i in range(20_000_000)]) + ']}}')"
run "200 MB of items" "$BIN" render wheel --at 1 --config items.json --out x.png
py "open('label.json','w').write('{\"wheel\":{\"items\":[\"' + 'x' * 200_000_000 + '\",\"b\"]}}')"
run "one 200 MB label" "$BIN" render wheel --at 1 --config label.json --out x.png
py "open('label3.json','w').write('{\"wheel\":{\"items\":[\"' + 'x' * 4_000_000 + '\",\"b\"]}}')"
run "one 4 MB label" "$BIN" render wheel --at 1 --config label3.json --seed 1 --out x.png
for n in 10000 10001 30000 100000; do
    py "open('n$n.json','w').write('{\"wheel\":{\"items\":[' + ','.join(['\"Entry %d\"' % i for i in range($n)]) + ']}}')"
    run "$n items" "$BIN" render wheel --at 1 --config n$n.json --seed 1 --out x.png
done
py "open('empty.json','w').write('{\"wheel\":{\"items\":[' + ','.join(['\"\"'] * 2_000_000) + ']}}')"
run "2 million empty items (in 6 MB)" "$BIN" render wheel --at 1 --config empty.json --out x.png
py "open('empty1.json','w').write('{\"wheel\":{\"items\":[' + ','.join(['\"\"'] * 1_000_000) + ']}}')"
run "1 million empty items (in 3 MB)" "$BIN" render wheel --at 1 --config empty1.json --out x.png
py "open('names.txt','w').write(''.join('Name %d\n' % i for i in range(10_001)))"
run "names file of 10 001" "$BIN" render wheel --at 1 --names names.txt --out x.png
mkfifo ring.fifo
printf '{"wheel":{"ringImage":"ring.fifo"}}' > fifo.json
run "ringImage a FIFO" "$BIN" render wheel --at 1 --config fifo.json --out x.png
printf '{"wheel":{"ringImage":"/dev/zero"}}' > zero.json
run "ringImage /dev/zero" "$BIN" render wheel --at 1 --config zero.json --out x.png
"$BIN" render wheel --size 64x64 --out ring.png > /dev/null
py "
import struct, zlib
png = open('ring.png','rb').read()
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
ihdr_end = 8 + 25
big = chunk(b'zTXt', b'k\x00\x00' + zlib.compress(b'\x00' * 1_000_000_000, 9))
open('ztxt.png','wb').write(png[:ihdr_end] + big + png[ihdr_end:])
claim = struct.pack('>I', 0x7ffffff0) + b'tEXt' + b'x' * 100
open('claim.png','wb').write(png[:ihdr_end] + claim)
icc = chunk(b'iCCP', b'p\x00\x00' + zlib.compress(b'\x00' * 500_000_000, 9))
open('iccp.png','wb').write(png[:ihdr_end] + icc + png[ihdr_end:])
"
for f in ztxt claim iccp; do
    printf '{"wheel":{"ringImage":"%s.png"}}' $f > $f.json
    run "ringImage with a $f bomb" "$BIN" render wheel --at 1 --config $f.json --out x.png
done
py "
bdf = ['STARTFONT 2.1\nFONT x\nSIZE 16 75 75\nFONTBOUNDINGBOX 1 1 0 0\nSTARTPROPERTIES 3\nFONT_ASCENT 14\nFONT_DESCENT 2\nCHARSET_REGISTRY \"ISO10646\"\nENDPROPERTIES\nCHARS 480000\n']
bdf += ['STARTCHAR g\nENCODING %d\nDWIDTH 1 0\nBBX 1 1 0 0\nBITMAP\n80\nENDCHAR\n' % c for c in range(0x20, 0x20 + 480000)]
open('many.bdf','w').write(''.join(bdf) + 'ENDFONT\n')
open('many.hex','w').write('\n'.join('%05X:%s' % (c, '00' * 16) for c in range(0x20, 0x20 + 860000) if not 0xD800 <= c < 0xE000) + '\n')
import struct, zlib
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
open('huge.png','wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 20000, 20000, 8, 6, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(b'\x00' * 100)) + chunk(b'IEND', b''))
"
printf '{"fonts":["many.bdf"]}' > manybdf.json
run "BDF of 480 000 glyphs (31 MB)" "$BIN" render wheel --at 1 --config manybdf.json --out x.png
printf '{"fonts":["many.hex"]}' > manyhex.json
run ".hex of 860 000 glyphs (32 MB)" "$BIN" render wheel --at 1 --config manyhex.json --out x.png
printf '{"wheel":{"ringImage":"huge.png"}}' > huge.json
run "ringImage 20000x20000 header" "$BIN" render wheel --at 1 --config huge.json --out x.png
printf '{"wheel":{"items":["a"],"bad\\nkey\\r\\u001b[31m":1}}' > nl.json
run "newline and ESC in a key" "$BIN" render wheel --config nl.json --out x.png
printf '{"wheel":{"items":["a"],"profile":"x\\ny"}}' > nlv.json
run "newline in a value" "$BIN" render wheel --config nlv.json --out x.png
printf '{"wheel":{"ringImage":"ring.png\\u0000x"}}' > nul.json
run "ringImage with a NUL" "$BIN" render wheel --at 1 --config nul.json --out x.png
run "trace > /dev/full" sh -c "'$BIN' trace wheel --seed 1 > /dev/full"
mkfifo out.png
run "--out a FIFO" "$BIN" render wheel --out out.png
if [ "$(id -u)" = 0 ]; then
    mknod dev.png c 1 3
    run "--out a device node" "$BIN" render wheel --out dev.png
fi
