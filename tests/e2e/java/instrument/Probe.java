/* Probe.java — a java.lang.instrument agent (tests/e2e/javaagent.sh): the
 * JDK's libinstrument turns each of these calls into JVMTI calls
 * (AddToSystemClassLoaderSearch, ClassFileLoadHook, RetransformClasses,
 * RedefineClasses, GetLoadedClasses, GetObjectSize, SetNativeMethodPrefixes,
 * IsModifiableClass), so the shim sees a real agent of the JDK's own using
 * them.  Prints one line per step; a step that fails throws.  Java 8
 * source (the jar runs on JDK 8 too). */
import java.lang.instrument.ClassDefinition;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.concurrent.atomic.AtomicInteger;

public class Probe {
    static final AtomicInteger seen = new AtomicInteger();

    public static void premain(String args, Instrumentation inst) throws Exception {
        ClassFileTransformer t = new ClassFileTransformer() {
            @Override
            public byte[] transform(ClassLoader l, String name, Class<?> c, ProtectionDomain d, byte[] b) {
                seen.incrementAndGet();
                return null;
            }
        };
        inst.addTransformer(t, true);
        System.out.println("retransform supported " + inst.isRetransformClassesSupported());
        inst.retransformClasses(Probe.class, java.util.ArrayList.class);
        byte[] self;
        try (java.io.InputStream in = Probe.class.getResourceAsStream("Probe.class")) {
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            byte[] buf = new byte[4096];
            for (int n; (n = in.read(buf)) > 0; )
                bytes.write(buf, 0, n);
            self = bytes.toByteArray();
        }
        inst.redefineClasses(new ClassDefinition(Probe.class, self));
        System.out.println("many classes " + (inst.getAllLoadedClasses().length > 100));
        System.out.println("size>0 " + (inst.getObjectSize(new int[10]) > 0));
        System.out.println("prefix supported " + inst.isNativeMethodPrefixSupported());
        inst.setNativeMethodPrefix(t, "probe_");
        System.out.println("String modifiable " + inst.isModifiableClass(String.class));
        inst.removeTransformer(t);
        System.out.println("transformer called " + (seen.get() > 0) + " args=" + args);
    }
}
