/* main.c — jvmtigen: parse the command line, load the spec, run emitters
 * (or, with --xsl, hand over to cmd/xsl.c). */
#define _POSIX_C_SOURCE 200809L   /* access */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cli.h"
#include "cmd/commands.h"
#include "util/diag.h"
#include "analyze/lint.h"
#include "util/outfile.h"
#include "util/suggest.h"
#include "cmd/xsl.h"
#include "i18n/ident_lint.h"
#include "i18n/lang.h"
#include "i18n/prose.h"

/* "jvmtigen trcae x.bin": a first word that is no file, no option and
 * close to a subcommand's name is a mistyped subcommand. */
static int mistyped_command(const char *word)
{
    if (word[0] == '-' || strchr(word, '/') || strchr(word, '.') || access(word, F_OK) == 0)
        return 0;
    const char *names[16];
    int n = 0;
    for (int i = 0; i < jt_ncommands && n < 16; i++)
        names[n++] = jt_commands[i].name;
    const char *near = jt_suggest(word, names, (size_t)n);
    if (!near)
        return 0;
    fprintf(stderr, "jvmtigen: error: %s: no such file or command (did you mean jvmtigen %s?)\n"
            "Try 'jvmtigen --help' for more information.\n", word, near);
    return 1;
}

int main(int argc, char **argv)
{
    const jt_command *command = argc > 1 ? jt_command_find(argv[1]) : NULL;
    if (command)
        return command->main(argc - 1, argv + 1);
    if (argc > 1 && mistyped_command(argv[1]))
        return JT_EXIT_USAGE;
    jt_cli cli;
    int rc = jt_cli_parse(&cli, argc, argv);
    if (rc >= 0)
        return rc;
    if (cli.xsl_path)
        return jt_xsl_run(&cli);

    /* --lang, --translations: their files are read before the spec, so a
     * bad one stops the run before anything is generated */
    jt_catalog *ui = NULL, *tcat = NULL;
    if (cli.html.lang && (rc = jt_lang_load(cli.html.lang, &ui)) != 0)
        return rc;
    if (cli.html.translations && !(tcat = jt_catalog_load(cli.html.translations))) {
        jt_catalog_free(ui);
        return JT_EXIT_FAIL;
    }
    cli.html.ui = ui;

    jt_load_options lo = { .quiet_warnings = cli.quiet };
    /* --lint shows everything, the loader's notes (problems inside <elide>)
     * included; generation shows warnings and errors. */
    if (cli.lint)
        jt_diag_set_show_notes(!cli.quiet);
    jt_spec *spec = jt_spec_load(cli.spec_path, &lo);
    jt_prose *prose = NULL;
    if (spec && tcat && !(prose = jt_prose_load(spec, tcat))) {
        jt_spec_free(spec);
        spec = NULL;
    }
    cli.html.prose = prose;
    if (!spec) {
        jt_catalog_free(ui);
        jt_catalog_free(tcat);
        return JT_EXIT_FAIL;
    }
    jt_spec_version_check(spec, cli.major_version);
    if (cli.lint) {
        int errors = jt_lint(spec);
        if (prose) {
            jt_prose_stale(prose, true);
            jt_ident_lint(spec, tcat, true);
        }
        jt_prose_free(prose);
        jt_catalog_free(tcat);
        jt_catalog_free(ui);
        jt_spec_free(spec);
        return errors ? JT_EXIT_FAIL : JT_EXIT_OK;
    }
    int stale = prose ? jt_prose_stale(prose, false) : 0;
    if (stale)
        jt_diag(JT_DIAG_WARNING, cli.html.translations, 0,
                "%d entr%s no English of the spec any more: the page shows the English there "
                "(--lint lists them)", stale, stale == 1 ? "y matches" : "ies match");
    if (jt_lint_at(spec, JT_DIAG_ERROR) != 0) {
        jt_diag(JT_DIAG_ERROR, cli.spec_path, 0, "not generating from a spec with errors (--lint lists all findings)");
        rc = JT_EXIT_FAIL;
        goto done;
    }
    if (cli.to_stdout)
        jt_out_to_stdout();
    else if (jt_out_dir(cli.outdir) != 0) {
        rc = JT_EXIT_FAIL;
        goto done;
    }
    jt_emit_ctx ctx = { .spec = spec, .outdir = cli.outdir, .html = cli.html };
    jt_spec_version(spec, cli.major_version, &ctx.major, &ctx.minor, &ctx.micro);
    /* --history: other versions' specs, loaded like the main one */
    jt_spec *history[JT_CLI_MAX_HISTORY];
    int ok = 1, nhistory = 0;
    for (int i = 0; i < cli.nhistory && ok; i++)
        if ((history[nhistory] = jt_spec_load(cli.history[i], &lo)) == NULL)
            ok = 0;
        else if (jt_lint_at(history[nhistory++], JT_DIAG_ERROR) != 0) {
            jt_diag(JT_DIAG_ERROR, cli.history[i], 0, "--history: a spec with errors (--lint lists all findings)");
            ok = 0;
        }
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
    rc = jt_out_finish(ok) == 0 ? JT_EXIT_OK : JT_EXIT_FAIL;
    for (int i = 0; i < nhistory; i++)
        jt_spec_free(history[i]);
done:
    jt_prose_free(prose);
    jt_catalog_free(tcat);
    jt_catalog_free(ui);
    jt_spec_free(spec);
    return rc;
}
