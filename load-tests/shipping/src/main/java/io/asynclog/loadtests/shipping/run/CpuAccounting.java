package io.asynclog.loadtests.shipping.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.asynclog.loadtests.shipping.run.ThroughputApp.CALLER_THREAD;

/**
 * The CPU accounting: each thread's CPU and wait over the run, added up by what the thread does.
 *
 * @author asynclog
 */
final class CpuAccounting {

	private CpuAccounting() {
	}

	/**
	 * Adds up each thread's CPU over the run by what it does ({@link #group}): the caller, the ring
	 * thread (it formats each event and calls the appender), the client's I/O threads, the lane
	 * thread (it hands records to the client, or to the spool), the formatting thread, GC, JIT and
	 * the rest. Threads that started during the run count from zero ({@link ThreadCpu.Thread#cpuSecondsSince}).
	 */
	static Map<String, Double> cpuByGroup(Map<Long, ThreadCpu.Thread> before, Map<Long, ThreadCpu.Thread> after,
			long clockTicks) {
		Map<String, Double> groups = new LinkedHashMap<>();
		for (String group : List.of("caller", "background", "producer", "lane", "format", "gc", "jit", "other")) {
			groups.put(group, 0.0);
		}
		after.forEach((tid, thread) -> groups.merge(group(thread.comm()),
				thread.cpuSecondsSince(before.get(tid), clockTicks), Double::sum));
		return groups;
	}

	/**
	 * Adds up each thread's time waiting for a CPU (runnable, not running) over the run, for the
	 * caller, the ring thread and the producer I/O thread; NaN for a group with a thread whose wait
	 * is unknown.
	 */
	static Map<String, Double> waitByGroup(Map<Long, ThreadCpu.Thread> before, Map<Long, ThreadCpu.Thread> after) {
		Map<String, Double> groups = new LinkedHashMap<>();
		after.forEach((tid, thread) -> {
			ThreadCpu.Thread earlier = before.get(tid);
			double waited = (thread.waitNanos() < 0 || (earlier != null && earlier.waitNanos() < 0)) ? Double.NaN
					: (thread.waitNanos() - ((earlier != null) ? earlier.waitNanos() : 0)) / 1e9;
			groups.merge(group(thread.comm()), waited, Double::sum);
		});
		groups.keySet().retainAll(List.of("caller", "background", "producer"));
		return groups;
	}

	static String group(String comm) {
		if (comm.equals(CALLER_THREAD)) {
			return "caller";
		}
		if (comm.startsWith("Log4j2-TF") || comm.startsWith("asynclog-logbac")) {
			return "background";
		}
		// The client's I/O: Kafka's producer thread; the OTLP exporter's HTTP client threads:
		// the JDK's HttpClient (selector and workers), which asynclog prefers when present, or
		// OkHttp's (okhttp-dispatch, which marshals and sends each request, and its TaskRunner).
		if (comm.startsWith("kafka-producer") || comm.startsWith("HttpClient-") || comm.startsWith("okhttp-")
				|| comm.startsWith("OkHttp ")) {
			return "producer";
		}
		if (comm.startsWith("asynclog-lane")) {
			return "lane";
		}
		// A structured format's formatting thread (FormatStage).
		if (comm.startsWith("asynclog-forma")) {
			return "format";
		}
		if (comm.startsWith("GC Thread") || comm.startsWith("G1 ") || comm.equals("VM Thread")) {
			return "gc";
		}
		if (comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre")) {
			return "jit";
		}
		return "other";
	}

}
