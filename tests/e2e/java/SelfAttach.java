// SelfAttach.java — loads an agent into this very VM through the Attach API
// (java -Djdk.attach.allowAttachSelf=true SelfAttach LIBRARY OPTIONS), so the
// agent's Agent_OnAttach runs in the live phase.  Exits 0.  Java 8 source:
// on JDK 8 the Attach API is in lib/tools.jar, on the class path at run
// time only, hence reflection; the pid is the part of the runtime's name
// before '@' (ProcessHandle came in 9).
import java.lang.management.ManagementFactory;

public class SelfAttach {
    public static void main(String[] args) throws Exception {
        String pid = ManagementFactory.getRuntimeMXBean().getName().split("@")[0];
        Class<?> vmClass = Class.forName("com.sun.tools.attach.VirtualMachine");
        Object vm = vmClass.getMethod("attach", String.class).invoke(null, pid);
        try {
            vmClass.getMethod("loadAgentPath", String.class, String.class).invoke(vm, args[0], args[1]);
        } finally {
            vmClass.getMethod("detach").invoke(vm);
        }
        System.out.println("attached");
    }
}
