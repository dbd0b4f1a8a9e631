// args: 1500
// test-args: 3
// C twin of richards.toy (Are We Fast Yet Richards, objects as indices).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

enum { ID_IDLE = 0, ID_WORKER = 1, ID_HANDLER_A = 2, ID_HANDLER_B = 3, ID_DEVICE_A = 4, ID_DEVICE_B = 5,
       NUMBER_OF_IDS = 6 };
enum { KIND_DEVICE = 0, KIND_WORK = 1, DATA_SIZE = 4 };
enum { TASK_IDLE = 0, TASK_WORKER = 1, TASK_HANDLER = 2, TASK_DEVICE = 3 };
enum { STATE_RUNNING = 0, STATE_RUNNABLE = 1, STATE_SUSPENDED = 2, STATE_HELD = 4, STATE_SUSPENDED_RUNNABLE = 3 };

static int64_t *pk_link, *pk_id, *pk_kind, *pk_a1, *pk_a2;
static int64_t packets = 0;
static int64_t *tcb_link, *tcb_id, *tcb_pri, *tcb_queue, *tcb_state, *tcb_task, *tcb_v1, *tcb_v2;
static int64_t tcbs = 0;
static int64_t *blocks;
static int64_t task_list = 0, current_tcb = 0, current_id = 0, queue_count = 0, hold_count = 0;

static int64_t new_packet(int64_t link, int64_t id, int64_t kind) {
    packets += 1;
    int64_t p = packets;
    pk_link[p] = link;
    pk_id[p] = id;
    pk_kind[p] = kind;
    pk_a1[p] = 0;
    for (int64_t i = 0; i < DATA_SIZE; i += 1) pk_a2[p * DATA_SIZE + i] = 0;
    return p;
}

static int64_t add_to(int64_t p, int64_t q) {
    pk_link[p] = 0;
    if (q == 0) return p;
    int64_t peek = q;
    int64_t next = pk_link[peek];
    while (next != 0) {
        peek = next;
        next = pk_link[peek];
    }
    pk_link[peek] = p;
    return q;
}

static void add_task(int64_t id, int64_t pri, int64_t queue, int64_t task, int64_t v1, int64_t v2) {
    tcbs += 1;
    int64_t t = tcbs;
    tcb_link[t] = task_list;
    tcb_id[t] = id;
    tcb_pri[t] = pri;
    tcb_queue[t] = queue;
    if (queue == 0) tcb_state[t] = STATE_SUSPENDED;
    else tcb_state[t] = STATE_SUSPENDED_RUNNABLE;
    tcb_task[t] = task;
    tcb_v1[t] = v1;
    tcb_v2[t] = v2;
    task_list = t;
    current_tcb = t;
    blocks[id] = t;
}

static bool is_held_or_suspended(int64_t t) {
    return (tcb_state[t] & STATE_HELD) != 0 || tcb_state[t] == STATE_SUSPENDED;
}

static int64_t release(int64_t id) {
    int64_t t = blocks[id];
    if (t == 0) return t;
    tcb_state[t] = tcb_state[t] & ~(int64_t)STATE_HELD;
    if (tcb_pri[t] > tcb_pri[current_tcb]) return t;
    return current_tcb;
}

static int64_t hold_current(void) {
    hold_count += 1;
    tcb_state[current_tcb] = tcb_state[current_tcb] | STATE_HELD;
    return tcb_link[current_tcb];
}

static int64_t suspend_current(void) {
    tcb_state[current_tcb] = tcb_state[current_tcb] | STATE_SUSPENDED;
    return current_tcb;
}

static int64_t check_priority_add(int64_t t, int64_t task, int64_t packet) {
    if (tcb_queue[t] == 0) {
        tcb_queue[t] = packet;
        tcb_state[t] = tcb_state[t] | STATE_RUNNABLE;
        if (tcb_pri[t] > tcb_pri[task]) return t;
    } else {
        tcb_queue[t] = add_to(packet, tcb_queue[t]);
    }
    return task;
}

static int64_t queue_packet(int64_t packet) {
    int64_t t = blocks[pk_id[packet]];
    if (t == 0) return t;
    queue_count += 1;
    pk_link[packet] = 0;
    pk_id[packet] = current_id;
    return check_priority_add(t, current_tcb, packet);
}

static int64_t idle_run(int64_t t, int64_t packet) {
    tcb_v2[t] -= 1;
    if (tcb_v2[t] == 0) return hold_current();
    if ((tcb_v1[t] & 1) == 0) {
        tcb_v1[t] = tcb_v1[t] >> 1;
        return release(ID_DEVICE_A);
    }
    tcb_v1[t] = (tcb_v1[t] >> 1) ^ 0xD008;
    return release(ID_DEVICE_B);
}

static int64_t worker_run(int64_t t, int64_t packet) {
    if (packet == 0) return suspend_current();
    if (tcb_v1[t] == ID_HANDLER_A) tcb_v1[t] = ID_HANDLER_B;
    else tcb_v1[t] = ID_HANDLER_A;
    pk_id[packet] = tcb_v1[t];
    pk_a1[packet] = 0;
    for (int64_t i = 0; i < DATA_SIZE; i += 1) {
        tcb_v2[t] += 1;
        if (tcb_v2[t] > 26) tcb_v2[t] = 1;
        pk_a2[packet * DATA_SIZE + i] = tcb_v2[t];
    }
    return queue_packet(packet);
}

static int64_t handler_run(int64_t t, int64_t packet) {
    if (packet != 0) {
        if (pk_kind[packet] == KIND_WORK) tcb_v1[t] = add_to(packet, tcb_v1[t]);
        else tcb_v2[t] = add_to(packet, tcb_v2[t]);
    }
    int64_t work = tcb_v1[t];
    if (work != 0) {
        int64_t count = pk_a1[work];
        if (count < DATA_SIZE) {
            int64_t dev = tcb_v2[t];
            if (dev != 0) {
                tcb_v2[t] = pk_link[dev];
                pk_a1[dev] = pk_a2[work * DATA_SIZE + count];
                pk_a1[work] = count + 1;
                return queue_packet(dev);
            }
        } else {
            tcb_v1[t] = pk_link[work];
            return queue_packet(work);
        }
    }
    return suspend_current();
}

static int64_t device_run(int64_t t, int64_t packet) {
    if (packet == 0) {
        int64_t v = tcb_v1[t];
        if (v == 0) return suspend_current();
        tcb_v1[t] = 0;
        return queue_packet(v);
    }
    tcb_v1[t] = packet;
    return hold_current();
}

static int64_t run_tcb(int64_t t) {
    int64_t packet = 0;
    if (tcb_state[t] == STATE_SUSPENDED_RUNNABLE) {
        packet = tcb_queue[t];
        tcb_queue[t] = pk_link[packet];
        if (tcb_queue[t] == 0) tcb_state[t] = STATE_RUNNING;
        else tcb_state[t] = STATE_RUNNABLE;
    }
    int64_t task = tcb_task[t];
    if (task == TASK_IDLE) return idle_run(t, packet);
    else if (task == TASK_WORKER) return worker_run(t, packet);
    else if (task == TASK_HANDLER) return handler_run(t, packet);
    return device_run(t, packet);
}

static void schedule(void) {
    current_tcb = task_list;
    while (current_tcb != 0) {
        if (is_held_or_suspended(current_tcb)) {
            current_tcb = tcb_link[current_tcb];
        } else {
            current_id = tcb_id[current_tcb];
            current_tcb = run_tcb(current_tcb);
        }
    }
}

static bool run_richards(void) {
    packets = 0;
    tcbs = 0;
    task_list = 0;
    current_tcb = 0;
    current_id = 0;
    queue_count = 0;
    hold_count = 0;
    for (int64_t i = 0; i < NUMBER_OF_IDS; i += 1) blocks[i] = 0;
    add_task(ID_IDLE, 0, 0, TASK_IDLE, 1, 10000);
    tcb_state[current_tcb] = STATE_RUNNING;
    int64_t queue = new_packet(0, ID_WORKER, KIND_WORK);
    queue = new_packet(queue, ID_WORKER, KIND_WORK);
    add_task(ID_WORKER, 1000, queue, TASK_WORKER, ID_HANDLER_A, 0);
    queue = new_packet(0, ID_DEVICE_A, KIND_DEVICE);
    queue = new_packet(queue, ID_DEVICE_A, KIND_DEVICE);
    queue = new_packet(queue, ID_DEVICE_A, KIND_DEVICE);
    add_task(ID_HANDLER_A, 2000, queue, TASK_HANDLER, 0, 0);
    queue = new_packet(0, ID_DEVICE_B, KIND_DEVICE);
    queue = new_packet(queue, ID_DEVICE_B, KIND_DEVICE);
    queue = new_packet(queue, ID_DEVICE_B, KIND_DEVICE);
    add_task(ID_HANDLER_B, 3000, queue, TASK_HANDLER, 0, 0);
    add_task(ID_DEVICE_A, 4000, 0, TASK_DEVICE, 0, 0);
    add_task(ID_DEVICE_B, 5000, 0, TASK_DEVICE, 0, 0);
    schedule();
    return queue_count == 23246 && hold_count == 9297;
}

int main(int argc, char **argv) {
    int64_t iterations = atol(argv[1]);
    int64_t cap = 16;
    pk_link = calloc(cap, 8); pk_id = calloc(cap, 8); pk_kind = calloc(cap, 8); pk_a1 = calloc(cap, 8);
    pk_a2 = calloc(cap * DATA_SIZE, 8);
    tcb_link = calloc(cap, 8); tcb_id = calloc(cap, 8); tcb_pri = calloc(cap, 8); tcb_queue = calloc(cap, 8);
    tcb_state = calloc(cap, 8); tcb_task = calloc(cap, 8); tcb_v1 = calloc(cap, 8); tcb_v2 = calloc(cap, 8);
    blocks = calloc(NUMBER_OF_IDS, 8);
    int64_t queued = 0, held = 0;
    for (int64_t i = 0; i < iterations; i += 1) {
        if (!run_richards()) {
            printf("richards FAIL: queue count %ld hold count %ld\n", (long)queue_count, (long)hold_count);
            return 1;
        }
        queued += queue_count;
        held += hold_count;
    }
    printf("richards %ld %ld %ld\n", (long)iterations, (long)queued, (long)held);
    return 0;
}
