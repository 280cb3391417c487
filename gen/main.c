/* main.c — jvmtigen: parse the command line, load the spec, run emitters
 * (or, with --xsl, hand over to cmd/xsl.c). */
#include <string.h>

#include "cmd/cli.h"
#include "cmd/site.h"
#include "cmd/trace.h"
#include "util/diag.h"
#include "analyze/diff.h"
#include "analyze/lint.h"
#include "util/outfile.h"
#include "cmd/xsl.h"

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "diff") == 0)
        return jt_diff_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "trace") == 0)
        return jt_trace_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "site") == 0)
        return jt_site_main(argc - 1, argv + 1);
    jt_cli cli;
    int rc = jt_cli_parse(&cli, argc, argv);
    if (rc >= 0)
        return rc;
    if (cli.xsl_path)
        return jt_xsl_run(&cli);

    jt_load_options lo = { .quiet_warnings = cli.quiet };
    /* --lint shows everything, the loader's notes (problems inside <elide>)
     * included; generation shows warnings and errors. */
    if (cli.lint)
        jt_diag_set_show_notes(!cli.quiet);
    jt_spec *spec = jt_spec_load(cli.spec_path, &lo);
    if (!spec)
        return JT_EXIT_FAIL;
    jt_spec_version_check(spec, cli.major_version);
    if (cli.lint) {
        int errors = jt_lint(spec);
        jt_spec_free(spec);
        return errors ? JT_EXIT_FAIL : JT_EXIT_OK;
    }
    if (jt_lint_at(spec, JT_DIAG_ERROR) != 0) {
        jt_diag(JT_DIAG_ERROR, cli.spec_path, 0, "not generating from a spec with errors (--lint lists all findings)");
        jt_spec_free(spec);
        return JT_EXIT_FAIL;
    }
    if (cli.to_stdout)
        jt_out_to_stdout();
    else if (jt_out_dir(cli.outdir) != 0) {
        jt_spec_free(spec);
        return JT_EXIT_FAIL;
    }
    jt_emit_ctx ctx = { .spec = spec, .outdir = cli.outdir, .html = cli.html };
    jt_spec_version(spec, cli.major_version, &ctx.major, &ctx.minor, &ctx.micro);
    /* --history: other versions' specs, loaded like the main one */
    jt_spec *history[JT_CLI_MAX_HISTORY];
    int ok = 1, nhistory = 0;
    for (int i = 0; i < cli.nhistory && ok; i++)
        if ((history[nhistory] = jt_spec_load(cli.history[i], &lo)) != NULL)
            nhistory++;
        else
            ok = 0;
    ctx.history = (const jt_spec *const *)history;
    ctx.nhistory = nhistory;
    for (int i = 0; i < jt_nemitters && ok; i++) {
        if (!cli.selected[i])
            continue;
        if (jt_emitters[i].jvmti_only && spec->iface.declared) {
            /* every output: skip it; asked for by name: say why not */
            if (cli.any_selected) {
                jt_diag(JT_DIAG_ERROR, cli.spec_path, spec->iface.line,
                        "--%s writes a JVMTI output; this spec describes %s (expected a jvmti.xml)",
                        jt_emitters[i].option, spec->iface.id);
                ok = 0;
            }
            continue;
        }
        if (jt_emitters[i].run(&ctx) != 0)
            ok = 0;
    }
    rc = jt_out_finish(ok);
    for (int i = 0; i < nhistory; i++)
        jt_spec_free(history[i]);
    jt_spec_free(spec);
    return rc == 0 ? JT_EXIT_OK : JT_EXIT_FAIL;
}
