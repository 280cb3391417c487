// Contend.java — 16 threads fighting for one lock, so that monitor
// contention events arrive on many threads at once.  Exits 0.
public class Contend {
    static final Object lock = new Object();
    static long counter;

    public static void main(String[] args) throws Exception {
        int nthreads = 16, rounds = 20000;
        Thread[] threads = new Thread[nthreads];
        for (int i = 0; i < nthreads; i++) {
            threads[i] = new Thread(() -> {
                for (int j = 0; j < rounds; j++) {
                    synchronized (lock) {
                        counter++;
                        if (j % 1000 == 0)
                            Thread.yield();
                    }
                }
            }, "contend-" + i);
            threads[i].start();
        }
        for (Thread t : threads)
            t.join();
        System.out.println("contend done: " + counter);
        if (counter != (long) nthreads * rounds)
            System.exit(2);
    }
}
