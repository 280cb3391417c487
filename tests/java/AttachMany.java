// AttachMany.java — loads agents into this very VM through the Attach API,
// as jcmd JVMTI.agent_load does, one after another, and works in between:
//   java -Djdk.attach.allowAttachSelf=true AttachMany STEP...
// where a STEP is "work=MILLIS" (threads that start and end, garbage, for
// at least that long: time for whatever an earlier load left running to
// run), "mapped=FILE" (prints "mapped: yes" when FILE is mapped into this
// process, "mapped: no" when it is not) or two arguments, LIBRARY OPTIONS
// (one load).  A refused load is an
// outcome, not an error: each load prints "load N: ok" or
// "load N: refused (...)"; the program prints "done" and exits 0.
import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.VirtualMachine;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Paths;

public class AttachMany {
    static long sum;

    public static void main(String[] args) throws Exception {
        String pid = Long.toString(ProcessHandle.current().pid());
        int n = 0;
        for (int i = 0; i < args.length; i++) {
            if (args[i].startsWith("work=")) {
                work(Long.parseLong(args[i].substring(5)));
                continue;
            }
            if (args[i].startsWith("mapped=")) {
                String file = new File(args[i].substring(7)).getCanonicalPath();
                boolean mapped = Files.readAllLines(Paths.get("/proc/self/maps")).stream()
                    .anyMatch(line -> line.endsWith(" " + file));
                System.out.println("mapped: " + (mapped ? "yes" : "no"));
                continue;
            }
            n++;
            VirtualMachine vm = VirtualMachine.attach(pid);
            try {
                vm.loadAgentPath(args[i], args[i + 1]);
                System.out.println("load " + n + ": ok");
            } catch (AgentInitializationException e) {
                System.out.println("load " + n + ": refused (returned " + e.returnValue() + ")");
            } catch (AgentLoadException e) {
                System.out.println("load " + n + ": refused (" + e.getMessage() + ")");
            } finally {
                vm.detach();
            }
            System.out.flush();
            i++;
        }
        System.out.println("done " + (sum > 0));
    }

    static void work(long millis) throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000L;
        do {
            Thread t = new Thread(() -> { });
            t.start();
            t.join();
            byte[][] junk = new byte[64][];
            for (int k = 0; k < junk.length; k++)
                junk[k] = new byte[1024];
            sum += junk[7].length;
            Thread.sleep(20);
        } while (System.nanoTime() < end);
    }
}
