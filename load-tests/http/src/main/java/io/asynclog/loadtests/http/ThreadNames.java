package io.asynclog.loadtests.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Java names of the app's threads by native thread id, from one {@code jcmd <pid> Thread.print}.
 * The kernel's {@code /proc/<pid>/task/<tid>/comm} keeps only 15 characters
 * ({@code http-nio-127.0.} for every Tomcat thread, {@code Log4j2-TF-1-Asy}), too few to tell a
 * request thread from Tomcat's poller; a thread dump has the whole name and the native id
 * ({@code nid}). The runner takes it once, after the measured window and before the app stops,
 * so that its safepoint falls outside the window.
 *
 * @author asynclog
 */
final class ThreadNames {

	/** {@code "name" #22 daemon prio=5 ... nid=0x1147 ...}; JDK 19+ prints the nid in decimal. */
	private static final Pattern THREAD = Pattern.compile("^\"(.*)\" .*?\\bnid=(0x[0-9a-fA-F]+|\\d+)\\b");

	private static final long TIMEOUT_SECONDS = 20;

	private ThreadNames() {
	}

	/**
	 * Dumps the threads of a JVM.
	 * @param java the java executable of the app's JDK, whose {@code jcmd} is used
	 */
	static Map<Long, String> dump(Path java, long pid) throws InterruptedException {
		Path jcmd = java.resolveSibling("jcmd");
		if (!Files.isExecutable(jcmd)) {
			return Map.of();
		}
		try {
			Process process = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print")
				.redirectErrorStream(true)
				.start();
			// Read before waiting: a full pipe would block jcmd.
			byte[] output = process.getInputStream().readAllBytes();
			if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				return Map.of();
			}
			return (process.exitValue() == 0)
					? parse(new String(output, StandardCharsets.UTF_8).lines().toList()) : Map.of();
		}
		catch (IOException ex) {
			return Map.of();
		}
	}

	/** The names in a thread dump's lines, by native thread id. */
	static Map<Long, String> parse(List<String> lines) {
		Map<Long, String> names = new HashMap<>();
		for (String line : lines) {
			Matcher matcher = THREAD.matcher(line);
			if (matcher.find()) {
				String nid = matcher.group(2);
				long tid = nid.startsWith("0x") ? Long.parseLong(nid.substring(2), 16) : Long.parseLong(nid);
				names.put(tid, matcher.group(1));
			}
		}
		return Map.copyOf(names);
	}

}
