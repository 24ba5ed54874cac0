package io.asynclog.loadtests.http;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.asynclog.loadtests.report.Machine;

/**
 * The Java names of the app's threads by native thread id, from one {@code jcmd <pid> Thread.print}.
 * The kernel's {@code /proc/<pid>/task/<tid>/comm} keeps only 15 characters
 * ({@code http-nio-127.0.} for every Tomcat thread), too few to tell a request thread from
 * Tomcat's poller; a thread dump has the whole name and the native id ({@code nid}). The runner
 * takes it once, after the measured window, so that its safepoint falls outside the window.
 *
 * @author asynclog
 */
final class ThreadNames {

	/** {@code "name" #22 daemon prio=5 ... nid=0x1147 ...}; JDK 19+ prints the nid in decimal. */
	private static final Pattern THREAD = Pattern.compile("^\"(.*)\" .*?\\bnid=(0x[0-9a-fA-F]+|\\d+)\\b");

	private ThreadNames() {
	}

	/**
	 * Dumps the threads of a JVM with the {@code jcmd} of the app's JDK; empty when that fails (its
	 * output then holds no thread).
	 */
	static Map<Long, String> dump(Path java, long pid) {
		return parse(Machine.output(List.of(java.resolveSibling("jcmd").toString(), Long.toString(pid), "Thread.print"))
			.lines()
			.toList());
	}

	/** The names in a thread dump's lines, by native thread id. */
	static Map<Long, String> parse(List<String> lines) {
		Map<Long, String> names = new HashMap<>();
		for (String line : lines) {
			Matcher matcher = THREAD.matcher(line);
			if (matcher.find()) {
				String nid = matcher.group(2);
				names.put(nid.startsWith("0x") ? Long.parseLong(nid.substring(2), 16) : Long.parseLong(nid),
						matcher.group(1));
			}
		}
		return Map.copyOf(names);
	}

}
