// Hello.java — the smallest program: for runs where the agent is the point.
public class Hello {
    public static void main(String[] args) {
        System.out.println("hello");
    }
}
