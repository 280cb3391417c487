// DeepTarget.java — what tests/agents/deep_agent.c looks at under check=deep
// (tests/e2e-deep.sh), compiled with -g: a method whose frame it stops in
// (a breakpoint at target's first bytecode, where its params are live and
// `local` is not yet), a native and an abstract method (no bytecodes), and
// a static field it watches.  NoDebug is compiled without -g (no local
// variable table).  Exits 0.
public class DeepTarget {
    static int counter;

    abstract static class Shape {
        abstract int sides();
    }

    static native void neverBound();

    static int target(int a, long b, String s, boolean flag, int[] arr) {
        int local = a + arr.length;
        counter += local;
        return local + (int) b + s.length() + (flag ? 1 : 0);
    }

    public static void main(String[] args) {
        int r = target(1, 2L, "three", true, new int[] { 4 });
        r += NoDebug.work(5, "six");
        System.out.println("deep target done " + r + " " + counter);
    }
}
