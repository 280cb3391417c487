// Debuggee.java — the program jdb debugs through libdt_check
// (tests/e2e/dtcheck.sh): a breakpoint goes on the line of `result`
// (line 8), a step ends on the next one, `result` is printed there.
public class Debuggee {
    static int square(int x) {
        int result = x * x;
        int twice = result + result;
        return twice / 2;
    }

    public static void main(String[] args) {
        int total = 0;
        for (int i = 1; i <= 3; i++)
            total += square(i);
        calls += 3;
        System.out.println("total " + total);
    }

    // tests/e2e/jdb.sh watches this field
    static int calls;
}
