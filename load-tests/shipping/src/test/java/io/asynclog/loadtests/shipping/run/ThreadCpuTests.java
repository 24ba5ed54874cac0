package io.asynclog.loadtests.shipping.run;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Reading {@code /proc} stat lines and grouping threads by name.
 */
class ThreadCpuTests {

	@Test
	void parsesUserPlusSystemTicksOfANameWithSpacesAndParentheses() {
		String stat = "4242 (kafka-producer-) S 1 4240 4240 0 -1 4194368 1234 0 0 0 250 37 0 0 20 0 40 0 5000 0 0";
		assertThat(ThreadCpu.parse(stat)).isEqualTo(new ThreadCpu.Thread("kafka-producer-", 287));
		String odd = "7 (a (b) c) R 1 1 1 0 -1 0 0 0 0 0 3 4 0 0 20 0 1 0 1 0 0";
		assertThat(ThreadCpu.parse(odd)).isEqualTo(new ThreadCpu.Thread("a (b) c", 7));
	}

	@Test
	void readsThisProcessAndItsThreads() throws Exception {
		Map<Long, ThreadCpu.Thread> threads = ThreadCpu.threads("self");
		assertThat(threads).hasSizeGreaterThan(1);
		assertThat(ThreadCpu.process("self")).isGreaterThanOrEqualTo(
				threads.values().stream().mapToLong(ThreadCpu.Thread::ticks).max().orElseThrow());
	}

	@Test
	void groupsThreadsByTheirKernelNames() {
		assertThat(CpuAccounting.group("log-caller")).isEqualTo("caller");
		assertThat(CpuAccounting.group("Log4j2-TF-1-Asy")).isEqualTo("background");
		assertThat(CpuAccounting.group("kafka-producer-")).isEqualTo("producer");
		assertThat(CpuAccounting.group("G1 Refine#0")).isEqualTo("gc");
		assertThat(CpuAccounting.group("C2 CompilerThre")).isEqualTo("jit");
		assertThat(CpuAccounting.group("asynclog-queue-")).isEqualTo("other");
	}

	@Test
	void cpuByGroupCountsOnlyTheRunsTicks() {
		Map<Long, ThreadCpu.Thread> before = Map.of(1L, new ThreadCpu.Thread("log-caller", 100), 2L,
				new ThreadCpu.Thread("Log4j2-TF-1-Asy", 50));
		Map<Long, ThreadCpu.Thread> after = Map.of(1L, new ThreadCpu.Thread("log-caller", 150), 2L,
				new ThreadCpu.Thread("Log4j2-TF-1-Asy", 250), 3L, new ThreadCpu.Thread("kafka-producer-", 30));
		Map<String, Double> cpu = CpuAccounting.cpuByGroup(before, after, 100);
		assertThat(cpu.get("caller")).isCloseTo(0.5, within(1e-9));
		assertThat(cpu.get("background")).isCloseTo(2.0, within(1e-9));
		assertThat(cpu.get("producer")).isCloseTo(0.3, within(1e-9));
		assertThat(cpu.get("gc")).isZero();
	}

	@Test
	void cpuByGroupPrefersTheSchedulersNanosecondsOverSampledTicks() {
		// A lane thread that ran 4 ms in short bursts: no clock tick caught it.
		Map<Long, ThreadCpu.Thread> before = Map.of(1L, new ThreadCpu.Thread("asynclog-lane-s", 7, 0, 1_000_000L));
		Map<Long, ThreadCpu.Thread> after = Map.of(1L, new ThreadCpu.Thread("asynclog-lane-s", 7, 0, 5_000_000L), 2L,
				new ThreadCpu.Thread("kafka-producer-", 30, -1, -1));
		Map<String, Double> cpu = CpuAccounting.cpuByGroup(before, after, 100);
		assertThat(cpu.get("lane")).isCloseTo(0.004, within(1e-12));
		assertThat(cpu.get("producer")).as("no schedstat: the ticks").isCloseTo(0.3, within(1e-9));
	}

	@Test
	void waitByGroupCountsTheRunsWaitAndMarksUnknownOnes() {
		Map<Long, ThreadCpu.Thread> before = Map.of(1L, new ThreadCpu.Thread("Log4j2-TF-1-Asy", 0, 1_000_000_000L, -1));
		Map<Long, ThreadCpu.Thread> after = Map.of(1L, new ThreadCpu.Thread("Log4j2-TF-1-Asy", 0, 3_500_000_000L, -1), 2L,
				new ThreadCpu.Thread("kafka-producer-", 0, -1, -1));
		Map<String, Double> waited = CpuAccounting.waitByGroup(before, after);
		assertThat(waited.get("background")).isCloseTo(2.5, within(1e-9));
		assertThat(waited.get("producer")).isNaN();
	}

	@Test
	void readsTheMachinesBusyTicks() throws Exception {
		long before = ThreadCpu.machineBusy();
		long spin = System.nanoTime() + 50_000_000;
		while (System.nanoTime() < spin) {
			Thread.onSpinWait();
		}
		assertThat(ThreadCpu.machineBusy()).isGreaterThan(before);
	}

	@Test
	void csvCellsAreShortAndCommaFree() {
		assertThat(CsvRows.cell(0.18000000000000002)).isEqualTo("0.18");
		assertThat(CsvRows.cell(140617.89231483213)).isEqualTo("140617.8923");
		assertThat(CsvRows.cell(3.0)).isEqualTo("3");
		assertThat(CsvRows.cell("a, b")).isEqualTo("a; b");
		assertThat(CsvRows.cell(null)).isEmpty();
	}

}
