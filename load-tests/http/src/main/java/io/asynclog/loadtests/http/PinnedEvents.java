package io.asynclog.loadtests.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.asynclog.loadtests.report.Machine;

/**
 * Virtual threads pinned to their carrier during a run, from the app's flight recording
 * ({@code jdk.VirtualThreadPinned}, every one whatever its duration): how many, and how many
 * with one of asynclog's frames on the stack. A {@code threads=virtual} run records them
 * ({@link #jvmFlags}) and reads them with the JDK's {@code jfr} tool after the app stopped.
 *
 * @param events pinned events in the recording
 * @param inAsynclog those with an {@code io.asynclog} frame on the stack
 * @param firstAsynclogStack the stack of the first of those, empty if none
 * @author asynclog
 */
record PinnedEvents(long events, long inAsynclog, String firstAsynclogStack) {

	static final String FILE = "app.jfr";

	static final PinnedEvents UNKNOWN = new PinnedEvents(-1, -1, "");

	/**
	 * JFR's default settings (about 1% of the CPU, in every {@code threads=virtual} run alike), every
	 * pinned virtual thread included: the default keeps only those pinned for 20 ms or more.
	 */
	static List<String> jvmFlags(Path file) {
		return List.of("-XX:StartFlightRecording=jdk.VirtualThreadPinned#threshold=0ms,filename=" + file);
	}

	/** Reads a recording with the {@code jfr} tool next to {@code java}; its text is kept beside it. */
	static PinnedEvents read(Path java, Path recording) {
		Path jfr = java.resolveSibling("jfr");
		if (!Files.isRegularFile(recording) || !Files.isExecutable(jfr)) {
			return UNKNOWN;
		}
		// 128 frames: asynclog's may sit well below the park that pins.
		Machine.Output printed = Machine.run(List.of(jfr.toString(), "print", "--stack-depth", "128", "--events",
				"jdk.VirtualThreadPinned", recording.toString()), 120);
		try {
			Files.writeString(recording.resolveSibling(FILE + ".txt"), printed.text(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			return UNKNOWN;
		}
		return (printed.exitCode() == 0) ? parse(printed.text().lines().toList()) : UNKNOWN;
	}

	/** Parses {@code jfr print} output: one {@code jdk.VirtualThreadPinned {...}} block per event. */
	static PinnedEvents parse(List<String> lines) {
		long events = 0;
		long inAsynclog = 0;
		String first = "";
		List<String> block = null;
		for (String line : lines) {
			if (line.startsWith("jdk.VirtualThreadPinned {")) {
				block = new ArrayList<>();
			}
			else if (block != null && line.equals("}")) {
				events++;
				if (block.stream().anyMatch((frame) -> frame.strip().startsWith("io.asynclog."))) {
					inAsynclog++;
					first = first.isEmpty() ? String.join("\n", block) : first;
				}
				block = null;
			}
			else if (block != null) {
				block.add(line);
			}
		}
		return new PinnedEvents(events, inAsynclog, first);
	}

}
