// Stress.java — 64 threads, each making 10 000 JVMTI calls through the
// native hammer() of tests/e2e/agents/stress_agent.c, in bursts, between which
// they fight for one lock (yielding while they hold it) and now and then
// wait on it: thread, contention and wait events fire on every thread while
// the others call.  Usage: Stress [THREADS [CALLS_PER_THREAD]].  Prints
// "stress done: THREADS threads, N calls"; exits 0, or 2 when hammer made
// fewer calls than asked.
import java.util.concurrent.CountDownLatch;

public class Stress {
    /** Makes exactly n JVMTI calls on this thread; returns n. */
    static native int hammer(int n);

    static final Object lock = new Object();
    static final int BURST = 80;        // calls between two visits to the lock
    static final int WAIT_EVERY = 5;    // every 5th visit waits 1 ms
    static long visits;

    public static void main(String[] args) throws Exception {
        int nthreads = args.length > 0 ? Integer.parseInt(args[0]) : 64;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 10000;
        long[] made = new long[nthreads];
        CountDownLatch go = new CountDownLatch(1);
        Thread[] threads = new Thread[nthreads];
        for (int i = 0; i < nthreads; i++) {
            final int me = i;
            threads[i] = new Thread(() -> {
                try {
                    go.await();
                    int round = 0;
                    for (int done = 0; done < calls; round++) {
                        int n = Math.min(BURST, calls - done);
                        made[me] += hammer(n);
                        done += n;
                        synchronized (lock) {
                            visits++;
                            if (round % WAIT_EVERY == 0)
                                lock.wait(1);
                            else
                                Thread.yield();
                        }
                    }
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            }, "stress-" + i);
            threads[i].start();
        }
        go.countDown();
        for (Thread t : threads)
            t.join();
        long total = 0;
        for (long m : made)
            total += m;
        System.out.println("stress done: " + nthreads + " threads, " + total + " calls, " + visits + " lock visits");
        if (total != (long) nthreads * calls)
            System.exit(2);
    }
}
