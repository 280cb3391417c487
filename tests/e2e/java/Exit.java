/* Exit.java — ends the VM the way its argument says: "exit" System.exit(0),
 * "halt" Runtime.halt(0), anything else by returning. */
public class Exit {
    public static void main(String[] args) {
        String how = args.length > 0 ? args[0] : "return";
        System.out.println("exit by " + how);
        if (how.equals("exit"))
            System.exit(0);
        if (how.equals("halt"))
            Runtime.getRuntime().halt(0);
    }
}
