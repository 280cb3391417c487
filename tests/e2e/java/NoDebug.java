// NoDebug.java — compiled with -g:none by tests/e2e/deep.sh: a method
// without a local variable table, where the VM cannot say which slot
// holds what (check=deep then reports only a slot past max_locals).
public class NoDebug {
    static int work(int a, Object o) {
        int x = a * 2;
        return x + (o == null ? 0 : 1);
    }
}
