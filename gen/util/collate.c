/* collate.c — Java's en_US Collator for identifiers (see collate.h).
 *
 * Built as a table plus a comparison loop because that is what a Java
 * RuleBasedCollator is: each character maps to a collation element
 * (primary, secondary, tertiary weight) and two strings compare element by
 * element.  The table holds the weights Java 17 gives each ASCII character
 * for Locale.US (printed with CollationElementIterator; only their order
 * matters).  In short: control characters are ignored; space and the other
 * white space, and '-', weigh only at the secondary level; punctuation
 * comes before digits, digits before letters; a letter's case is a
 * tertiary difference, lower case first.  So "VirtualThreadEnd" <
 * "VMDeath" (i < M at the primary level), "a" < "A" < "b", "a b" after
 * "ab", "_" < "0".
 *
 * The comparison follows the algorithm of RuleBasedCollator.compare(): a
 * primary difference decides at once; otherwise the first secondary
 * difference, else the first tertiary one; an element ignorable at the
 * primary level met against a base character counts as a secondary
 * difference; left-over base characters make the longer string greater.
 */
#include "util/collate.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef struct { uint32_t p; uint16_t s, t; } celem;

/* One row per ASCII code: { primary, secondary, tertiary }. */
static const celem ascii_weights[128] = {
    /* NUL..BS: ignorable */
    [0x00] = {0, 0, 0}, [0x01] = {0, 0, 0}, [0x02] = {0, 0, 0}, [0x03] = {0, 0, 0},
    [0x04] = {0, 0, 0}, [0x05] = {0, 0, 0}, [0x06] = {0, 0, 0}, [0x07] = {0, 0, 0},
    [0x08] = {0, 0, 0},
    /* white space: secondary only */
    ['\t'] = {0, 15, 0}, ['\n'] = {0, 16, 0}, ['\v'] = {0, 18, 0}, ['\f'] = {0, 17, 0},
    ['\r'] = {0, 14, 0},
    /* SO..US and DEL: ignorable (zero, as every row not given) */
    [' '] = {0, 1, 0},
    ['!'] = {6, 0, 0}, ['"'] = {20, 0, 0}, ['#'] = {55, 0, 0}, ['$'] = {39, 0, 0},
    ['%'] = {56, 0, 0}, ['&'] = {54, 0, 0}, ['\''] = {19, 0, 0}, ['('] = {23, 0, 0},
    [')'] = {24, 0, 0}, ['*'] = {52, 0, 0}, ['+'] = {57, 0, 0}, [','] = {3, 0, 0},
    ['-'] = {0, 109, 1}, ['.'] = {11, 0, 0}, ['/'] = {10, 0, 0},
    ['0'] = {69, 0, 0}, ['1'] = {70, 0, 0}, ['2'] = {71, 0, 0}, ['3'] = {72, 0, 0},
    ['4'] = {73, 0, 0}, ['5'] = {74, 0, 0}, ['6'] = {75, 0, 0}, ['7'] = {76, 0, 0},
    ['8'] = {77, 0, 0}, ['9'] = {78, 0, 0},
    [':'] = {5, 0, 0}, [';'] = {4, 0, 0}, ['<'] = {61, 0, 0}, ['='] = {62, 0, 0},
    ['>'] = {63, 0, 0}, ['?'] = {8, 0, 0}, ['@'] = {33, 0, 0},
    ['A'] = {82, 0, 1}, ['B'] = {83, 0, 1}, ['C'] = {84, 0, 1}, ['D'] = {85, 0, 1},
    ['E'] = {87, 0, 1}, ['F'] = {88, 0, 1}, ['G'] = {89, 0, 1}, ['H'] = {90, 0, 1},
    ['I'] = {91, 0, 1}, ['J'] = {92, 0, 1}, ['K'] = {93, 0, 1}, ['L'] = {94, 0, 1},
    ['M'] = {95, 0, 1}, ['N'] = {96, 0, 1}, ['O'] = {97, 0, 1}, ['P'] = {98, 0, 1},
    ['Q'] = {99, 0, 1}, ['R'] = {100, 0, 1}, ['S'] = {101, 0, 1}, ['T'] = {102, 0, 1},
    ['U'] = {103, 0, 1}, ['V'] = {104, 0, 1}, ['W'] = {105, 0, 1}, ['X'] = {106, 0, 1},
    ['Y'] = {107, 0, 1}, ['Z'] = {108, 0, 1},
    ['['] = {25, 0, 0}, ['\\'] = {53, 0, 0}, [']'] = {26, 0, 0}, ['^'] = {14, 0, 0},
    ['_'] = {1, 0, 0}, ['`'] = {13, 0, 0},
    ['a'] = {82, 0, 0}, ['b'] = {83, 0, 0}, ['c'] = {84, 0, 0}, ['d'] = {85, 0, 0},
    ['e'] = {87, 0, 0}, ['f'] = {88, 0, 0}, ['g'] = {89, 0, 0}, ['h'] = {90, 0, 0},
    ['i'] = {91, 0, 0}, ['j'] = {92, 0, 0}, ['k'] = {93, 0, 0}, ['l'] = {94, 0, 0},
    ['m'] = {95, 0, 0}, ['n'] = {96, 0, 0}, ['o'] = {97, 0, 0}, ['p'] = {98, 0, 0},
    ['q'] = {99, 0, 0}, ['r'] = {100, 0, 0}, ['s'] = {101, 0, 0}, ['t'] = {102, 0, 0},
    ['u'] = {103, 0, 0}, ['v'] = {104, 0, 0}, ['w'] = {105, 0, 0}, ['x'] = {106, 0, 0},
    ['y'] = {107, 0, 0}, ['z'] = {108, 0, 0},
    ['{'] = {27, 0, 0}, ['|'] = {65, 0, 0}, ['}'] = {28, 0, 0}, ['~'] = {16, 0, 0},

};

/* Beyond ASCII: after every ASCII weight, by code point (the spec's ids and
 * numbers are ASCII; this only has to be a total order). */
#define NON_ASCII_BASE 1000u

/* The next collation element of *sp, advancing it; false at the end. */
static bool next_elem(const unsigned char **sp, celem *e)
{
    const unsigned char *s = *sp;
    if (!*s)
        return false;
    if (*s < 0x80) {
        *e = ascii_weights[*s];
        *sp = s + 1;
        return true;
    }
    /* UTF-8 (libxml2 hands us well-formed text); a stray byte is its own code */
    uint32_t cp = *s;
    int more = *s >= 0xF0 ? 3 : *s >= 0xE0 ? 2 : *s >= 0xC0 ? 1 : 0;
    if (more)
        cp &= 0x3Fu >> more;
    s++;
    for (; more && (*s & 0xC0) == 0x80; more--)
        cp = (cp << 6) | (*s++ & 0x3F);
    *e = (celem){ NON_ASCII_BASE + cp, 0, 0 };
    *sp = s;
    return true;
}

static bool ignorable(celem e) { return e.p == 0 && e.s == 0 && e.t == 0; }
static bool same(celem a, celem b) { return a.p == b.p && a.s == b.s && a.t == b.t; }

int jt_collate_java(const char *a, const char *b)
{
    const unsigned char *sa = (const unsigned char *)a, *sb = (const unsigned char *)b;
    celem ea = { 0 }, eb = { 0 };
    bool have_a = true, have_b = true;
    bool fetch_a = true, fetch_b = true;
    bool look_secondary = true, look_tertiary = true;
    int result = 0;

    for (;;) {
        if (fetch_a)
            have_a = next_elem(&sa, &ea);
        if (fetch_b)
            have_b = next_elem(&sb, &eb);
        fetch_a = fetch_b = true;
        if (!have_a || !have_b)
            break;
        if (same(ea, eb))
            continue;
        if (ea.p != eb.p) {
            /* a wholly ignorable element is skipped, the other one kept */
            if (ignorable(ea)) {
                fetch_b = false;
                continue;
            }
            if (ignorable(eb)) {
                fetch_a = false;
                continue;
            }
            if (ea.p == 0) {            /* a accent or space against a base character */
                if (look_secondary)
                    result = 1, look_secondary = false;
                fetch_b = false;
            } else if (eb.p == 0) {
                if (look_secondary)
                    result = -1, look_secondary = false;
                fetch_a = false;
            } else {
                return ea.p < eb.p ? -1 : 1;
            }
        } else if (look_secondary) {
            if (ea.s != eb.s)
                result = ea.s < eb.s ? -1 : 1, look_secondary = false;
            else if (look_tertiary && ea.t != eb.t)
                result = ea.t < eb.t ? -1 : 1, look_tertiary = false;
        }
    }
    /* what is left of the longer string */
    if (have_a) {
        do {
            if (ea.p)
                return 1;
            if (ea.s && look_secondary)
                result = 1, look_secondary = false;
        } while (next_elem(&sa, &ea));
    } else if (have_b) {
        do {
            if (eb.p)
                return -1;
            if (eb.s && look_secondary)
                result = -1, look_secondary = false;
        } while (next_elem(&sb, &eb));
    }
    return result;
}

int jt_collate(const char *a, const char *b)
{
    int c = jt_collate_java(a, b);
    return c ? c : strcmp(a, b);
}
