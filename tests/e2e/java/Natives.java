/* Natives.java — native methods implemented in an agent library
 * (tests/e2e/agents/natives_agent.c), for tests/e2e/natives.sh.  One with a
 * short JNI name, two overloads that need the long (signature) name. */
public class Natives {
    static native int answer();
    static native int twice(int x);
    static native long twice(long x);

    public static void main(String[] args) {
        System.out.println("answer=" + answer() + " twice=" + twice(7) + " twice=" + twice(14L));
    }
}
