// Workload.java — a little of everything an agent watches: threads that
// start and end, classes loaded and prepared (the nested ones), locks, and
// garbage collections.  Exits 0.  Java 8 source (it runs on JDK 8 too).
public class Workload {
    static final Object lock = new Object();
    static long total;

    static class Piece implements Runnable {
        private final int n;
        Piece(int n) { this.n = n; }
        public void run() {
            long sum = 0;
            for (int i = 0; i < 10000 * n; i++)
                sum += i % 7;
            synchronized (lock) { total += sum; }
        }
    }

    interface Shape { double area(); }
    static final class Square implements Shape {
        private final double side;
        Square(double side) { this.side = side; }
        public double area() { return side * side; }
    }
    static final class Circle implements Shape {
        private final double r;
        Circle(double r) { this.r = r; }
        public double area() { return Math.PI * r * r; }
    }

    public static void main(String[] args) throws Exception {
        Thread[] threads = new Thread[4];
        for (int i = 0; i < threads.length; i++) {
            threads[i] = new Thread(new Piece(i + 1), "workload-" + i);
            threads[i].start();
        }
        for (Thread t : threads)
            t.join();
        Shape[] shapes = { new Square(2), new Circle(1) };
        double area = 0;
        for (Shape s : shapes)
            area += s.area();
        for (int i = 0; i < 3; i++) {
            byte[][] garbage = new byte[64][];
            for (int j = 0; j < garbage.length; j++)
                garbage[j] = new byte[16 * 1024];
            System.gc();
        }
        System.out.println("workload done: " + total + " " + (area > 7 ? "ok" : "?"));
    }
}
