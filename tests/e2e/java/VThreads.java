/* VThreads.java — platform threads and several thousand virtual threads
 * (JDK 21+), for tests/e2e/vthreads.sh and the JDWP run on the newer JDK.
 * The virtual threads are named vt-0, vt-1, ...; each does a little work
 * and sleeps once, so that it unmounts and mounts again. */
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

public class VThreads {
    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        AtomicLong sum = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 4; i++)
            threads.add(Thread.ofPlatform().name("platform-" + i).start(() -> sum.addAndGet(1)));
        Thread.Builder vb = Thread.ofVirtual().name("vt-", 0);
        for (int i = 0; i < n; i++) {
            final int k = i;
            threads.add(vb.start(() -> {
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
                sum.addAndGet(k % 3);
            }));
        }
        for (Thread t : threads)
            t.join();
        System.out.println("vthreads done: " + n + " sum " + sum.get());
    }
}
