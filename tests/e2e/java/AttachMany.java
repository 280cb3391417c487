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
// Java 8 source, the Attach API by reflection (on JDK 8 it is in
// lib/tools.jar, on the class path at run time only), as SelfAttach.
import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Paths;

public class AttachMany {
    static long sum;

    public static void main(String[] args) throws Exception {
        String pid = ManagementFactory.getRuntimeMXBean().getName().split("@")[0];
        Class<?> vmClass = Class.forName("com.sun.tools.attach.VirtualMachine");
        Method attach = vmClass.getMethod("attach", String.class);
        Method load = vmClass.getMethod("loadAgentPath", String.class, String.class);
        Method detach = vmClass.getMethod("detach");
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
            Object vm = attach.invoke(null, pid);
            try {
                load.invoke(vm, args[i], args[i + 1]);
                System.out.println("load " + n + ": ok");
            } catch (InvocationTargetException w) {
                Throwable e = w.getCause();
                String kind = e.getClass().getName();
                if (kind.equals("com.sun.tools.attach.AgentInitializationException"))
                    System.out.println("load " + n + ": refused (returned "
                                       + e.getClass().getMethod("returnValue").invoke(e) + ")");
                else if (kind.equals("com.sun.tools.attach.AgentLoadException"))
                    System.out.println("load " + n + ": refused (" + e.getMessage() + ")");
                else
                    throw w;
            } finally {
                detach.invoke(vm);
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
