#!/usr/bin/env bash
# runtime-layers.sh — the runtime's two layers stay apart (doc/layout.md):
#  1. no cycle among the runtime's object files: file A depends on B when
#     an undefined symbol of A's object is defined by B's (nm), the
#     link-level graph; a cycle is printed;
#  2. no file in gen/runtime/common/ includes a header of gen/runtime/jvmti/,
#     the generated wrapper's headers or jvmti.h;
#  3. libdt_check.so holds none of the JVMTI wrapper's symbols and is
#     smaller than libjvmticheck.so by at least the wrapper's code.
# Reads the objects libtool built for libjccommon.la and libjcruntime.la.
set -u
srcdir=${srcdir:-.}
builddir=${builddir:-.}
status=0
fail() { echo "FAIL: $*"; status=1; }
out=$builddir/tests/out/runtime-layers
mkdir -p "$out"

NM=${NM:-nm}
command -v "$NM" >/dev/null || { echo "SKIP: no nm"; exit 77; }

# ---- 1. the link-level graph -------------------------------------------------
objs=()
for d in common/.libs/libjccommon_la jvmti/.libs/libjcruntime_la; do
    for o in "$builddir"/gen/runtime/$d-*.o; do
        [[ -e $o ]] && objs+=("$o")
    done
done
((${#objs[@]} > 10)) || { fail "no runtime objects under $builddir/gen/runtime/{common,jvmti}/.libs (build first)"; exit 1; }
# "name D symbol" and "name U symbol" lines; name is the source's folder/file
for o in "${objs[@]}"; do
    n=$(basename "$o" .o); n=${n#*-}; n=$(basename "$(dirname "$(dirname "$o")")")/$n
    "$NM" "$o" | awk -v n="$n" '$1 == "U" && NF == 2 { print n, "U", $2 }
                               NF == 3 && $2 ~ /^[TDBRVWGSCu]$/ { print n, "D", $3 }'
done >"$out/syms"
# edges "a b sym" (a needs sym, defined in b), then a cycle by depth-first search
awk '$2 == "D" { def[$3] = $1 } $2 == "U" { need[NR] = $1 " " $3 }
     END { for (i in need) { split(need[i], p, " "); if ((p[2] in def) && def[p[2]] != p[1]) print p[1], def[p[2]], p[2] } }' \
    "$out/syms" | sort -u >"$out/edges"
cycle=$(awk '{ if (!(($1 SUBSEP $2) in seen)) { seen[$1, $2] = 1; adj[$1] = adj[$1] " " $2 }
              if (!(($1 SUBSEP $2) in why)) why[$1, $2] = $3; nodes[$1]; nodes[$2] }
     function dfs(u,   k, n, v, j, s) {
         color[u] = 1; stack[++depth] = u
         n = split(adj[u], v, " ")
         for (k = 1; k <= n; k++) {
             if (color[v[k]] == 1) {       # back edge: the cycle is on the stack
                 s = ""
                 for (j = 1; j <= depth; j++) if (stack[j] == v[k]) break
                 for (; j <= depth; j++) s = s stack[j] " -(" why[stack[j], (j < depth ? stack[j + 1] : v[k])] ")-> "
                 print s v[k]; found = 1; return
             }
             if (!color[v[k]]) { dfs(v[k]); if (found) return }
         }
         color[u] = 2; depth--
     }
     END { for (u in nodes) if (!color[u] && !found) dfs(u) }' "$out/edges")
if [[ -n $cycle ]]; then
    fail "a cycle among the runtime's objects: $cycle"
else
    echo "ok: no cycle among ${#objs[@]} runtime objects ($(wc -l <"$out/edges") symbol edges)"
fi
# common/ needs nothing of jvmti/ at link time
up=$(awk '$1 ~ /^common\// && $2 ~ /^jvmti\// { print $1 " needs " $3 " of " $2 }' "$out/edges")
[[ -z $up ]] && echo "ok: no common/ object needs a symbol of jvmti/" || fail "common/ uses jvmti/: $up"

# ---- 2. includes ----------------------------------------------------------------
jvmti_headers=$(cd "$srcdir/gen/runtime/jvmti" && ls -- *.h)
bad=""
for f in "$srcdir"/gen/runtime/common/*.[ch] "$srcdir"/gen/runtime/common/*/*.[ch]; do
    [[ -e $f ]] || continue
    while IFS= read -r inc; do
        h=$(basename "$inc")
        case " $(echo $jvmti_headers) jvmti.h jvmti_names.h jvmticheck_gen.h jvmti.hpp " in
            *" $h "*) bad+="${f#"$srcdir"/}: #include \"$inc\"; " ;;
        esac
        [[ $inc == *jvmti/* ]] && bad+="${f#"$srcdir"/}: #include \"$inc\"; "
    done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]\([^">]*\)[">].*/\1/p' "$f")
done
[[ -z $bad ]] && echo "ok: no file in common/ includes a JVMTI header" || fail "common/ includes JVMTI headers: $bad"

# ---- 3. libdt_check without the JVMTI wrapper ---------------------------------------
dt=$builddir/.libs/libdt_check.so shim=$builddir/.libs/libjvmticheck.so
gen=$(ls "$builddir"/gen-out/.libs/libjvmticheck_la-jvmticheck_gen.o 2>/dev/null | head -1)
dtgen=$(ls "$builddir"/gen-out/jdwp/.libs/libdt_check_la-jdwpTransportcheck_gen.o 2>/dev/null | head -1)
if [[ ! -e $dt || ! -e $shim || -z $gen || -z $dtgen ]]; then
    fail "libdt_check.so, libjvmticheck.so or a wrapper's object is missing"
else
    # the wrapper's own functions and tables (its local and global symbols),
    # but for the namesakes the transport's wrapper defines itself (both
    # interfaces have a GetCapabilities, say: w_GetCapabilities)
    defined() { "$NM" "$1" | awk 'NF == 3 && $2 ~ /^[TtDdRrBb]$/ && $3 !~ /^\./ { print $3 }' | sort -u; }
    defined "$gen" | comm -23 - <(defined "$dtgen") >"$out/wrapper"
    "$NM" "$dt" | awk 'NF == 3 { print $3 }' | sort -u >"$out/dt"
    both=$(comm -12 "$out/wrapper" "$out/dt" | head -5 | tr '\n' ' ')
    nw=$(wc -l <"$out/wrapper")
    ((nw > 100)) || fail "only $nw symbols read from the wrapper's object"
    [[ -z $both ]] && echo "ok: libdt_check.so has none of the wrapper's $nw symbols" \
        || fail "libdt_check.so holds symbols of the JVMTI wrapper: $both"
    # smaller by at least half the wrapper's text (size(1): text+data)
    wsz=$(size "$gen" | awk 'NR == 2 { print $1 + $2 }')
    dsz=$(size "$dt" | awk 'NR == 2 { print $1 + $2 }') ssz=$(size "$shim" | awk 'NR == 2 { print $1 + $2 }')
    if ((dsz + wsz / 2 <= ssz)); then
        echo "ok: libdt_check.so ($dsz bytes of code and data) is smaller than libjvmticheck.so ($ssz) by more than half the wrapper ($wsz)"
    else
        fail "libdt_check.so ($dsz) is not smaller than libjvmticheck.so ($ssz) by half the wrapper ($wsz)"
    fi
fi
exit $status
