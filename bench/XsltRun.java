/* XsltRun.java — one stylesheet over one XML file with the JDK's own XSLT
 * engine (XSLTC), the engine OpenJDK's jvmtiGen build tool runs on, for
 * scripts/bench.sh to time beside `jvmtigen --xsl`.  Written for the
 * benchmark (jvmtiGen's source is not here); like jvmtiGen it parses the
 * input with a validating, namespace-aware DOM parser and passes string
 * parameters.
 *
 *     java -cp DIR XsltRun IN.xml STYLESHEET.xsl OUT [NAME VALUE]...
 */
import java.io.File;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;

public class XsltRun {
    public static void main(String[] args) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setNamespaceAware(true);
        dbf.setValidating(true);
        DocumentBuilder db = dbf.newDocumentBuilder();
        db.setErrorHandler(null);
        org.w3c.dom.Document doc = db.parse(new File(args[0]));
        Transformer t = TransformerFactory.newInstance().newTransformer(new StreamSource(new File(args[1])));
        for (int i = 3; i + 1 < args.length; i += 2)
            t.setParameter(args[i], args[i + 1]);
        t.transform(new DOMSource(doc), new StreamResult(new File(args[2])));
    }
}
