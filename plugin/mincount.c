/*
 * mincount: the floor of what counting guest instructions costs under
 * QEMU's plugin API v4, for plugin/bench.sh to measure next to svprof.
 * Like QEMU's own contrib counting plugins, it does one inline add per
 * TB execution (of the TB's instruction count, into one per-vCPU
 * counter) and nothing else; `add=off` registers only the translation
 * callback (what loading any plugin costs).  Prints the total at exit.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>
#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

static struct qemu_plugin_scoreboard *board;
static qemu_plugin_u64 insns;
static bool add = true;

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    if (add) {
        qemu_plugin_register_vcpu_tb_exec_inline_per_vcpu(
            tb, QEMU_PLUGIN_INLINE_ADD_U64, insns, qemu_plugin_tb_n_insns(tb));
    }
}

static void at_exit(qemu_plugin_id_t id, void *p)
{
    (void)id;
    (void)p;
    if (add) {
        fprintf(stderr, "mincount: %" PRIu64 " instructions\n",
                qemu_plugin_u64_sum(insns));
    }
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
                                           const qemu_info_t *info, int argc,
                                           char **argv)
{
    (void)info;
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "add=", 4) != 0 ||
            !qemu_plugin_bool_parse("add", argv[i] + 4, &add)) {
            fprintf(stderr, "mincount: unknown argument '%s' (add=on|off)\n",
                    argv[i]);
            return -1;
        }
    }
    board = qemu_plugin_scoreboard_new(sizeof(uint64_t));
    insns = (qemu_plugin_u64){board, 0};
    qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
    qemu_plugin_register_atexit_cb(id, at_exit, NULL);
    return 0;
}
