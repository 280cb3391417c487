/* Args.java — prints each of its arguments on a line of its own
 * ("arg: ..."), then exits with the status its first argument names
 * ("status=N"), or returns (0).  tests/e2e/launcher.sh checks with it that
 * the program's arguments reach it untouched and its status comes back. */
public class Args {
    public static void main(String[] args) {
        for (String a : args)
            System.out.println("arg: " + a);
        if (args.length > 0 && args[0].startsWith("status="))
            System.exit(Integer.parseInt(args[0].substring(7)));
    }
}
