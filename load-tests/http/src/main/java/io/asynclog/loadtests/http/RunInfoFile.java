package io.asynclog.loadtests.http;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.asynclog.loadtests.report.Machine;

/**
 * {@code run-info.properties}: when, where and how the comparison ran (date, machine, JDK,
 * Gatling version, timings, pinning and the command line).
 *
 * @author asynclog
 */
public final class RunInfoFile {

	private RunInfoFile() {
	}

	/** Writes the file. */
	static void write(Path file, Map<String, String> values) throws IOException {
		StringBuilder text = new StringBuilder("# asynclog HTTP comparison (scripts/http-comparison.sh)\n");
		// Sorted keys, so the file reads the same way every time.
		new TreeMap<>(values).forEach((key, value) -> text.append(key).append('=').append(escape(value)).append('\n'));
		Files.createDirectories(file.getParent());
		Files.writeString(file, text, StandardCharsets.UTF_8);
	}

	/** Escapes a value for a properties file (read back as UTF-8). */
	static String escape(String value) {
		String escaped = value.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t");
		return escaped.startsWith(" ") ? "\\" + escaped : escaped;
	}

	static String now() {
		return ZonedDateTime.now(ZoneOffset.UTC).withNano(0).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
	}

	/** The first line {@code java -version} prints, e.g. {@code openjdk version "17.0.15" 2025-04-15}. */
	static String jdk(Path java) {
		String line = Machine.firstLine(List.of(java.toString(), "-version"));
		return line.isEmpty() ? System.getProperty("java.vm.name") + " " + System.getProperty("java.version") : line;
	}

	/**
	 * The garbage collector the app's JVM picks by ergonomics under the same pinning (a JVM
	 * that sees one CPU picks SerialGC).
	 * @param pin the app's pinning prefix, or empty
	 */
	static String gc(List<String> pin, Path java) {
		List<String> command = new ArrayList<>(pin);
		command.add(java.toString());
		command.addAll(AppProcess.HEAP_FLAGS);
		command.addAll(List.of("-XX:+PrintFlagsFinal", "-version"));
		for (String line : Machine.output(command).lines().toList()) {
			String[] parts = line.strip().split("\\s+");
			if (parts.length >= 4 && parts[0].equals("bool") && parts[3].equals("true")
					&& parts[1].matches("Use(Serial|Parallel|G1|Z|Shenandoah|Epsilon)GC")) {
				return parts[1].substring(3);
			}
		}
		return "unknown";
	}

	/** The version of gatling-app on a class path (from its jar's manifest), or "unknown". */
	static String gatlingVersion(String classpath) {
		List<URL> urls = new ArrayList<>();
		for (String entry : classpath.split(java.io.File.pathSeparator)) {
			if (!entry.isBlank()) {
				try {
					urls.add(Path.of(entry).toUri().toURL());
				}
				catch (IOException | RuntimeException ex) {
					// skip it
				}
			}
		}
		// A URLClassLoader also follows the Class-Path of a manifest-only jar (Surefire's).
		try (URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), null)) {
			Class<?> gatling = Class.forName(GatlingRun.MAIN_CLASS, false, loader);
			String version = gatling.getPackage().getImplementationVersion();
			return (version != null) ? version : "unknown";
		}
		catch (IOException | ClassNotFoundException | LinkageError ex) {
			return "unknown";
		}
	}

}
