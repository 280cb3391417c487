// SelfAttach.java — loads an agent into this very VM through the Attach API
// (java -Djdk.attach.allowAttachSelf=true SelfAttach LIBRARY OPTIONS), so the
// agent's Agent_OnAttach runs in the live phase.  Exits 0.
import com.sun.tools.attach.VirtualMachine;

public class SelfAttach {
    public static void main(String[] args) throws Exception {
        VirtualMachine vm = VirtualMachine.attach(Long.toString(ProcessHandle.current().pid()));
        try {
            vm.loadAgentPath(args[0], args[1]);
        } finally {
            vm.detach();
        }
        System.out.println("attached");
    }
}
