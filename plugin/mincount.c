/*
 * mincount: the floors svprof is measured against by plugin/bench.sh,
 * i.e. what QEMU's plugin API v4 costs at the least:
 *   - counting guest instructions: one inline add per TB execution (of
 *     the TB's instruction count, into one per-vCPU counter), as QEMU's
 *     own contrib counting plugins do (`add=off`: none, only the
 *     translation callback, i.e. what loading any plugin costs);
 *   - observing each VBLOCK run (`sv=on`): one callback on the VBLOCK
 *     that reads one register through the gdbstub, the least svprof's
 *     replay needs per run (the VL register after the run).
 * Prints the totals at exit.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>
#include <qemu-plugin.h>

#include "svcore.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

static struct qemu_plugin_scoreboard *board;
static qemu_plugin_u64 insns, runs, sum;
static bool add = true, sv;
static struct qemu_plugin_register *reg; /* a4 */
static GByteArray *buf;

static void vcpu_init(qemu_plugin_id_t id, unsigned int vcpu_index)
{
    (void)id;
    (void)vcpu_index;
    GArray *list = qemu_plugin_get_registers();
    for (guint i = 0; i < list->len; i++) {
        qemu_plugin_reg_descriptor *d =
            &g_array_index(list, qemu_plugin_reg_descriptor, i);
        if (strcmp(d->name, "a4") == 0) {
            reg = d->handle;
        }
    }
    g_array_free(list, TRUE);
}

/* One VBLOCK run: one register read (single vCPU: linux-user benches). */
static void vblock_run(unsigned int vcpu_index, void *userdata)
{
    (void)userdata;
    uint64_t v = 0;
    if (buf->len > 4096) {
        g_byte_array_set_size(buf, 0);
    }
    guint at = buf->len;
    int n = qemu_plugin_read_register(reg, buf);
    if (n > 0) {
        memcpy(&v, buf->data + at, n < 8 ? (size_t)n : 8);
    }
    qemu_plugin_u64_add(runs, vcpu_index, 1);
    qemu_plugin_u64_add(sum, vcpu_index, v);
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    if (add) {
        qemu_plugin_register_vcpu_tb_exec_inline_per_vcpu(
            tb, QEMU_PLUGIN_INLINE_ADD_U64, insns, qemu_plugin_tb_n_insns(tb));
    }
    if (!sv || !reg) {
        return;
    }
    for (size_t i = 0; i < qemu_plugin_tb_n_insns(tb); i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        uint8_t b[2];
        if (qemu_plugin_insn_data(insn, b, 2) == 2) {
            sv_insn_format f = sv_insn_classify((uint16_t)(b[0] | b[1] << 8));
            if (f == SV_FMT_VBLOCK || f == SV_FMT_VBLOCK2) {
                qemu_plugin_register_vcpu_insn_exec_cb(
                    insn, vblock_run, QEMU_PLUGIN_CB_R_REGS, NULL);
            }
        }
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
    if (sv) {
        fprintf(stderr, "mincount: %" PRIu64 " VBLOCK runs\n",
                qemu_plugin_u64_sum(runs));
    }
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
                                           const qemu_info_t *info, int argc,
                                           char **argv)
{
    (void)info;
    for (int i = 0; i < argc; i++) {
        bool ok = false;
        if (strncmp(argv[i], "add=", 4) == 0) {
            ok = qemu_plugin_bool_parse("add", argv[i] + 4, &add);
        } else if (strncmp(argv[i], "sv=", 3) == 0) {
            ok = qemu_plugin_bool_parse("sv", argv[i] + 3, &sv);
        }
        if (!ok) {
            fprintf(stderr,
                    "mincount: bad argument '%s' (add=on|off, sv=on|off)\n",
                    argv[i]);
            return -1;
        }
    }
    board = qemu_plugin_scoreboard_new(3 * sizeof(uint64_t));
    insns = (qemu_plugin_u64){board, 0};
    runs = (qemu_plugin_u64){board, sizeof(uint64_t)};
    sum = (qemu_plugin_u64){board, 2 * sizeof(uint64_t)};
    buf = g_byte_array_sized_new(64);
    qemu_plugin_register_vcpu_init_cb(id, vcpu_init);
    qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
    qemu_plugin_register_atexit_cb(id, at_exit, NULL);
    return 0;
}
