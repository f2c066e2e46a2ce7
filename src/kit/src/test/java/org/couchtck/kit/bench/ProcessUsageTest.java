package org.couchtck.kit.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProcessUsageTest {

    @Test
    void the_children_s_cpu_ticks_are_read_after_a_command_name_with_spaces_and_parentheses() {
        // given: pid (comm) state ppid ... utime stime cutime cstime ...
        String stat = "4242 (java (x) y) S 1 4242 4242 0 -1 4194304 100 0 0 0 250 30 1234 567 20 0 20 0 1 0\n";

        // when / then
        assertThat(ProcessUsage.childTicksOf(stat)).isEqualTo(1234 + 567);
    }

    @Test
    void the_peak_resident_memory_is_read_from_status_and_is_absent_for_a_zombie() {
        byte[] status = ("Name:\tjava\nVmPeak:\t 3613584 kB\nVmSize:\t 3613584 kB\nVmHWM:\t   54016 kB\n"
                + "VmRSS:\t   53580 kB\n").getBytes(StandardCharsets.US_ASCII);
        byte[] zombie = "Name:\tjava\nState:\tZ (zombie)\n".getBytes(StandardCharsets.US_ASCII);

        assertThat(ProcessUsage.peakKiBOf(status, status.length)).hasValue(54016);
        assertThat(ProcessUsage.peakKiBOf(status, 40)).isEmpty();
        assertThat(ProcessUsage.peakKiBOf(zombie, zombie.length)).isEmpty();
    }
}
