// DeepTarget.java — what tests/e2e/agents/deep_agent.c looks at under check=deep
// (tests/e2e/deep.sh), compiled with -g: a method whose frame it stops in
// (a breakpoint at target's first bytecode, where its params are live and
// `local` is not yet), a native and an abstract method (no bytecodes), and
// a static field it watches, and a native method the agent implements
// (its class and argument are references of the native frame, which the
// agent hands to JVMTI: live ones), called until HotSpot compiles its
// wrapper; without the agent it is not bound and not called.  NoDebug is
// compiled without -g (no local variable table).  Exits 0.
public class DeepTarget {
    static int counter;

    abstract static class Shape {
        abstract int sides();
    }

    static native void neverBound();

    static native int framed(Object o);

    static int target(int a, long b, String s, boolean flag, int[] arr) {
        int local = a + arr.length;
        counter += local;
        return local + (int) b + s.length() + (flag ? 1 : 0);
    }

    public static void main(String[] args) {
        int r = target(1, 2L, "three", true, new int[] { 4 });
        r += NoDebug.work(5, "six");
        try {
            for (int i = 0; i < 20000; i++)
                if (framed("seven") != 0)
                    throw new AssertionError("framed");
        } catch (UnsatisfiedLinkError e) {
            // no agent: nothing to call
        }
        System.out.println("deep target done " + r + " " + counter);
    }
}
