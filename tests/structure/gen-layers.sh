#!/usr/bin/env bash
# gen-layers.sh — the generator's folders depend one way, as its pipeline
# runs (doc/layout.md): util, then the embedded templates, model, analyze,
# i18n, the trace decoder, emit, cmd, and main.c at the top.  A folder may
# use only folders before it in that order.  Read at link level: folder A
# uses folder B when an undefined symbol of one of A's objects is defined
# by one of B's (nm on the objects of libjvmtigen.a and main.o).  Every use
# that runs the other way is printed with its file and symbol.
set -u
srcdir=${srcdir:-.}
builddir=${builddir:-.}
status=0
fail() { echo "FAIL: $*"; status=1; }
out=$builddir/tests/out/gen-layers
mkdir -p "$out"

NM=${NM:-nm}
command -v "$NM" >/dev/null || { echo "SKIP: no nm"; exit 77; }

# the order, lowest first; an object's layer is its folder's (the embedded
# templates, gen/templates_gen.o, are data every emitter reads)
order="gen/util templates gen/model gen/analyze gen/i18n gen/trace gen/emit gen/cmd gen"
layer_of() {
    case $1 in
        gen/templates_gen.o) echo templates ;;
        *) dirname "$1" ;;
    esac
}

# the generator's objects (libjvmtigen.a's and main.o); the runtime, the
# transport tool and the launcher are programs of their own, and objects
# named TARGET-file.o belong to other programs or tests
objs=$(cd "$builddir" && find gen -name '*.o' -not -path 'gen/runtime/*' -not -path 'gen/transport/*' \
       -not -path 'gen/launcher/*' -not -path '*/.libs/*' -not -name '*-*' | sort)
n=$(echo "$objs" | wc -w)
((n > 40)) || { fail "only $n generator objects under $builddir/gen (build first)"; exit 1; }

for o in $objs; do
    case " $order " in
        *" $(layer_of "$o") "*) ;;
        *) fail "$o: its folder $(layer_of "$o") has no place in the order (add it to gen-layers.sh and doc/layout.md)" ;;
    esac
done
for o in $objs; do
    l=$(layer_of "$o")
    "$NM" "$builddir/$o" | awk -v l="$l" -v f="$o" '$1 == "U" && NF == 2 { print l, f, "U", $2 }
                                                NF == 3 && $2 ~ /^[TDBRC]$/ { print l, f, "D", $3 }'
done >"$out/syms"

awk -v order="$order" '
    BEGIN { n = split(order, o, " "); for (i = 1; i <= n; i++) rank[o[i]] = i }
    $3 == "D" { def[$4] = $1; deffile[$4] = $2 }
    $3 == "U" { need[NR] = $1 " " $2 " " $4 }
    END {
        for (i in need) {
            split(need[i], p, " ")
            if (!(p[3] in def) || def[p[3]] == p[1]) continue
            edges++
            if (rank[def[p[3]]] > rank[p[1]])
                print p[2] " (" p[1] ") uses " p[3] " of " deffile[p[3]] " (" def[p[3]] ")"
        }
        print edges > "/dev/stderr"
    }' "$out/syms" 2>"$out/count" | sort >"$out/up"

if [[ -s $out/up ]]; then
    fail "uses that run against the pipeline's order ($order):"
    sed 's/^/   /' "$out/up"
else
    echo "ok: $(cat "$out/count") uses across folders among $n objects, all down the order: $order"
fi
exit $status
