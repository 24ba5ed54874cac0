package io.asynclog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The layers of {@code src/main/java}, named by their package prefix and read from the source:
 * the backend-neutral core ({@code io.asynclog.core.*}) imports neither a backend, nor the Spring
 * wiring, nor Log4j2, Logback or the Disruptor; a backend ({@code io.asynclog.log4j2.*},
 * {@code io.asynclog.logback.*}) imports the core and itself only, and both backends have the same
 * sub-packages for the same concerns; the wiring ({@code io.asynclog.autoconfigure.*}) imports the
 * core only. No two packages depend on each other, directly or round a longer loop, the
 * sub-packages of one backend included, and none in the harness (load-tests and its modules, the
 * demo app) either.
 * <p>
 * A dependency is an {@code import} (static and on-demand ones too) or a fully qualified
 * name in code; comments and string literals do not count. Run it alone with
 * {@code ./mvnw -o -q -pl autoconfigure -Dtest=ArchitectureTests -Dsurefire.failIfNoSpecifiedTests=false test}.
 *
 * @author asynclog
 */
class ArchitectureTests {

	private static final Path MAIN_SOURCES = Path.of("src/main/java");

	@Test
	void mainSourcesKeepTheLayersAndHaveNoPackageCycle() {
		PackageGraph graph = PackageGraph.of(MAIN_SOURCES);
		assertThat(graph.packages()).as("the packages the check must have read")
			.contains("io.asynclog.core.config", "io.asynclog.core.queue", "io.asynclog.core.backend",
					"io.asynclog.autoconfigure", "io.asynclog.log4j2.lifecycle", "io.asynclog.log4j2.config",
					"io.asynclog.logback.queue");
		assertThat(graph.dependencies("io.asynclog.log4j2.config")).as("edges the check must have seen")
			.contains("io.asynclog.core.config", "io.asynclog.log4j2.queue");
		List<String> problems = new ArrayList<>(graph.violations());
		graph.cycles().forEach((cycle) -> problems.add("packages that depend on each other: " + cycle));
		assertThat(problems).isEmpty();
	}

	@Test
	void bothBackendsHaveTheSameSubPackages() {
		PackageGraph graph = PackageGraph.of(MAIN_SOURCES);
		assertThat(graph.subPackages("logback")).as("Logback's sub-packages, against Log4j2's")
			.isEqualTo(graph.subPackages("log4j2"))
			.containsExactlyInAnyOrder("config", "appender", "queue", "metrics", "lifecycle");
	}

	@Test
	void theHarnessHasNoPackageCycle() {
		Map<String, String> sources = new LinkedHashMap<>();
		for (String module : List.of("../load-tests", "../load-tests/jmh", "../load-tests/shipping", "../demo-app")) {
			sources.putAll(PackageGraph.read(Path.of(module, "src/main/java")));
		}
		PackageGraph harness = PackageGraph.of(sources);
		assertThat(harness.packages()).as("the harness packages the check must have read")
			.contains("io.asynclog.loadtests.http", "io.asynclog.benchmarks", "io.asynclog.demo");
		assertThat(harness.cycles()).isEmpty();
	}

	@Test
	void coreImportingABackendTheWiringOrALoggingLibraryIsReported() {
		PackageGraph graph = PackageGraph.of(Map.of("io/asynclog/core/queue/A.java", """
				package io.asynclog.core.queue;

				import io.asynclog.log4j2.queue.PipelineView;
				import static io.asynclog.autoconfigure.AsyncLogAutoConfiguration.something;
				import com.lmax.disruptor.RingBuffer;
				""", "io/asynclog/core/report/B.java", """
				package io.asynclog.core.report;

				import org.apache.logging.log4j.core.LogEvent;

				class B {
					Object queue = new io.asynclog.logback.queue.Ring();
					Object level = ch.qos.logback.classic.Level.INFO;
				}
				""", "io/asynclog/log4j2/queue/C.java", """
				package io.asynclog.log4j2.queue;

				import com.lmax.disruptor.RingBuffer;
				"""));
		assertThat(graph.violations()).containsExactlyInAnyOrder(
				"io.asynclog.core.queue -> io.asynclog.log4j2.queue: the core imports a backend (io/asynclog/core/queue/A.java)",
				"io.asynclog.core.queue -> io.asynclog.autoconfigure: the core imports the Spring wiring"
						+ " (io/asynclog/core/queue/A.java)",
				"io.asynclog.core.queue -> com.lmax.disruptor: the core imports the Disruptor (io/asynclog/core/queue/A.java)",
				"io.asynclog.core.report -> io.asynclog.logback.queue: the core imports a backend"
						+ " (io/asynclog/core/report/B.java)",
				"io.asynclog.core.report -> org.apache.logging.log4j: the core imports Log4j2 (io/asynclog/core/report/B.java)",
				"io.asynclog.core.report -> ch.qos.logback: the core imports Logback (io/asynclog/core/report/B.java)");
	}

	@Test
	void wiringImportingABackendAndBackendsImportingEachOtherOrTheWiringAreReported() {
		PackageGraph graph = PackageGraph.of(Map.of("io/asynclog/autoconfigure/metrics/A.java", """
				package io.asynclog.autoconfigure.metrics;

				import io.asynclog.log4j2.metrics.*;
				""", "io/asynclog/logback/B.java", """
				package io.asynclog.logback;

				import io.asynclog.log4j2.queue.PipelineView;
				import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint.QueueDescriptor;
				import io.asynclog.core.queue.LogQueue;
				""", "io/asynclog/C.java", """
				package io.asynclog;
				""", "io/asynclog/queue/D.java", """
				package io.asynclog.queue;
				"""));
		assertThat(graph.violations()).containsExactlyInAnyOrder(
				"io.asynclog.autoconfigure.metrics -> io.asynclog.log4j2.metrics: the Spring wiring imports a backend"
						+ " (io/asynclog/autoconfigure/metrics/A.java)",
				"io.asynclog.logback -> io.asynclog.log4j2.queue: backend logback imports backend log4j2"
						+ " (io/asynclog/logback/B.java)",
				"io.asynclog.logback -> io.asynclog.autoconfigure.endpoint: a backend imports the Spring wiring"
						+ " (io/asynclog/logback/B.java)",
				"io.asynclog: a package outside the core, the wiring and the backends (io/asynclog/C.java)",
				"io.asynclog.queue: a package outside the core, the wiring and the backends (io/asynclog/queue/D.java)");
	}

	@Test
	void aCycleBetweenSubPackagesOfOneBackendIsReported() {
		PackageGraph graph = PackageGraph.of(Map.of("io/asynclog/log4j2/config/A.java", """
				package io.asynclog.log4j2.config;

				import io.asynclog.log4j2.queue.B;
				""", "io/asynclog/log4j2/queue/B.java", """
				package io.asynclog.log4j2.queue;

				import io.asynclog.log4j2.lifecycle.C;
				""", "io/asynclog/log4j2/lifecycle/C.java", """
				package io.asynclog.log4j2.lifecycle;

				class C {
					// io.asynclog.log4j2.metrics.D in a comment is no dependency,
					String name = "nor io.asynclog.log4j2.metrics.D in a string";
					Object a = io.asynclog.log4j2.config.A.class;
				}
				""", "io/asynclog/log4j2/metrics/D.java", """
				package io.asynclog.log4j2.metrics;

				import io.asynclog.log4j2.config.A;
				"""));
		assertThat(graph.violations()).isEmpty();
		assertThat(graph.cycles()).containsExactly(
				List.of("io.asynclog.log4j2.config", "io.asynclog.log4j2.lifecycle", "io.asynclog.log4j2.queue"));
	}

	/**
	 * The packages of a source tree and the packages each one uses from {@code io.asynclog}.
	 */
	static final class PackageGraph {

		private static final String CORE = "core";

		private static final Set<String> BACKENDS = Set.of("log4j2", "logback");

		/** The libraries the core must not import, by package prefix. */
		private static final Map<String, String> LIBRARIES = Map.of("org.apache.logging.log4j", "Log4j2",
				"ch.qos.logback", "Logback", "com.lmax.disruptor", "the Disruptor");

		private static final Pattern LIBRARY_NAME = Pattern
			.compile("(?<![\\w.])(org\\.apache\\.logging\\.log4j|ch\\.qos\\.logback|com\\.lmax\\.disruptor)\\.");

		private static final String WIRING = "autoconfigure";

		private static final String ROOT = "io.asynclog";

		private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

		private static final Pattern IMPORT = Pattern
			.compile("^\\s*import\\s+(?:static\\s+)?(io\\.asynclog(?:\\.\\w+)*)(?:\\.\\*)?\\s*;", Pattern.MULTILINE);

		/**
		 * A fully qualified name in code: lower-case package segments, then a type.
		 */
		private static final Pattern QUALIFIED_NAME = Pattern
			.compile("(?<![\\w.])(io\\.asynclog(?:\\.[a-z_][a-z0-9_]*)*)\\.[A-Z]");

		/** Package, then the packages it uses, each with the first file that uses it. */
		private final Map<String, Map<String, String>> edges = new TreeMap<>();

		/** Package, then the libraries of {@link #LIBRARIES} it uses, each with the first file that uses it. */
		private final Map<String, Map<String, String>> libraries = new TreeMap<>();

		/** Package, then the first file in it. */
		private final Map<String, String> files = new TreeMap<>();

		static PackageGraph of(Path sourceRoot) {
			return of(read(sourceRoot));
		}

		/** The sources under a root, by file path relative to it. */
		static Map<String, String> read(Path sourceRoot) {
			Map<String, String> sources = new LinkedHashMap<>();
			try (Stream<Path> paths = Files.walk(sourceRoot)) {
				for (Path path : paths.filter((path) -> path.toString().endsWith(".java")).sorted().toList()) {
					sources.put(sourceRoot.relativize(path).toString().replace('\\', '/'), Files.readString(path));
				}
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			return sources;
		}

		static PackageGraph of(Map<String, String> sourcesByFile) {
			PackageGraph graph = new PackageGraph();
			new TreeMap<>(sourcesByFile).forEach(graph::add);
			return graph;
		}

		private void add(String file, String source) {
			String code = codeOnly(source);
			Matcher declaration = PACKAGE.matcher(code);
			if (!declaration.find()) {
				throw new IllegalArgumentException(file + " declares no package");
			}
			String from = declaration.group(1);
			this.files.putIfAbsent(from, file);
			Map<String, String> uses = this.edges.computeIfAbsent(from, (key) -> new TreeMap<>());
			Matcher imported = IMPORT.matcher(code);
			while (imported.find()) {
				addEdge(uses, from, packageOf(imported.group(1)), file);
			}
			Matcher qualified = QUALIFIED_NAME.matcher(code.substring(declaration.end()).replaceAll("(?m)^\\s*import\\s.*$", ""));
			while (qualified.find()) {
				addEdge(uses, from, qualified.group(1), file);
			}
			Matcher library = LIBRARY_NAME.matcher(code.substring(declaration.end()));
			while (library.find()) {
				this.libraries.computeIfAbsent(from, (key) -> new TreeMap<>()).putIfAbsent(library.group(1), file);
			}
		}

		private static void addEdge(Map<String, String> uses, String from, String to, String file) {
			if (!to.equals(from)) {
				uses.putIfAbsent(to, file);
			}
		}

		/**
		 * The package of an imported name: the segments before the first that starts with an
		 * upper-case letter (a type), or all of them for an on-demand package import.
		 */
		private static String packageOf(String name) {
			StringBuilder pkg = new StringBuilder();
			for (String segment : name.split("\\.")) {
				if (Character.isUpperCase(segment.charAt(0))) {
					break;
				}
				pkg.append(pkg.isEmpty() ? "" : ".").append(segment);
			}
			return pkg.toString();
		}

		Set<String> packages() {
			return this.edges.keySet();
		}

		/** The sub-packages of a backend, by their name under it ({@code config}, {@code queue}, ...). */
		Set<String> subPackages(String backend) {
			String prefix = ROOT + "." + backend + ".";
			Set<String> names = new TreeSet<>();
			for (String pkg : this.edges.keySet()) {
				if (pkg.startsWith(prefix)) {
					names.add(pkg.substring(prefix.length()).split("\\.")[0]);
				}
			}
			return names;
		}

		Set<String> dependencies(String pkg) {
			return this.edges.getOrDefault(pkg, Map.of()).keySet();
		}

		/**
		 * Returns every package outside the layers and every edge the layers forbid.
		 */
		List<String> violations() {
			List<String> violations = new ArrayList<>();
			this.edges.forEach((from, uses) -> {
				if (layer(from) == null) {
					violations.add("%s: a package outside the core, the wiring and the backends (%s)".formatted(from,
							this.files.get(from)));
					return;
				}
				uses.forEach((to, file) -> {
					String problem = problem(from, to);
					if (problem != null) {
						violations.add("%s -> %s: %s (%s)".formatted(from, to, problem, file));
					}
				});
				if (CORE.equals(layer(from))) {
					this.libraries.getOrDefault(from, Map.of())
						.forEach((library, file) -> violations.add("%s -> %s: the core imports %s (%s)".formatted(from,
								library, LIBRARIES.get(library), file)));
				}
			});
			return violations;
		}

		private static String problem(String from, String to) {
			String fromLayer = layer(from);
			String toLayer = layer(to);
			if (toLayer == null) {
				return "a package outside the layers";
			}
			if (toLayer.equals("core")) {
				return null;
			}
			if (fromLayer.equals("core")) {
				return toLayer.equals(WIRING) ? "the core imports the Spring wiring" : "the core imports a backend";
			}
			if (fromLayer.equals(WIRING)) {
				return toLayer.equals(WIRING) ? null : "the Spring wiring imports a backend";
			}
			if (toLayer.equals(WIRING)) {
				return "a backend imports the Spring wiring";
			}
			return fromLayer.equals(toLayer) ? null : "backend %s imports backend %s".formatted(fromLayer, toLayer);
		}

		/**
		 * Returns "core", "autoconfigure", the backend's name, or {@code null} for a package
		 * that is none of them (io.asynclog itself, another name under it, or outside io.asynclog).
		 */
		private static String layer(String pkg) {
			if (!pkg.startsWith(ROOT + ".")) {
				return null;
			}
			String top = pkg.substring(ROOT.length() + 1).split("\\.")[0];
			return (top.equals(CORE) || top.equals(WIRING) || BACKENDS.contains(top)) ? top : null;
		}

		/**
		 * Returns each group of packages that depend on each other round a loop, sorted; a
		 * package's dependencies outside the tree are left out.
		 */
		List<List<String>> cycles() {
			return new StronglyConnected().groups()
				.stream()
				.filter((group) -> group.size() > 1)
				.map((group) -> List.copyOf(new TreeSet<>(group)))
				.toList();
		}

		/**
		 * Tarjan's strongly connected components over the package graph.
		 */
		private final class StronglyConnected {

			private final Map<String, Integer> index = new HashMap<>();

			private final Map<String, Integer> lowLink = new HashMap<>();

			private final Deque<String> stack = new ArrayDeque<>();

			private final Set<String> onStack = new TreeSet<>();

			private final List<List<String>> groups = new ArrayList<>();

			List<List<String>> groups() {
				for (String pkg : PackageGraph.this.edges.keySet()) {
					if (!this.index.containsKey(pkg)) {
						visit(pkg);
					}
				}
				return this.groups;
			}

			private void visit(String pkg) {
				this.index.put(pkg, this.index.size());
				this.lowLink.put(pkg, this.index.get(pkg));
				this.stack.push(pkg);
				this.onStack.add(pkg);
				for (String next : dependencies(pkg)) {
					if (!PackageGraph.this.edges.containsKey(next)) {
						continue;
					}
					if (!this.index.containsKey(next)) {
						visit(next);
						this.lowLink.put(pkg, Math.min(this.lowLink.get(pkg), this.lowLink.get(next)));
					}
					else if (this.onStack.contains(next)) {
						this.lowLink.put(pkg, Math.min(this.lowLink.get(pkg), this.index.get(next)));
					}
				}
				if (this.lowLink.get(pkg).equals(this.index.get(pkg))) {
					List<String> group = new ArrayList<>();
					String member;
					do {
						member = this.stack.pop();
						this.onStack.remove(member);
						group.add(member);
					}
					while (!member.equals(pkg));
					this.groups.add(group);
				}
			}

		}

		/**
		 * Blanks comments, string and character literals and text blocks, keeping line
		 * breaks, so that only code is searched for names.
		 */
		private static String codeOnly(String source) {
			StringBuilder code = new StringBuilder(source.length());
			int i = 0;
			while (i < source.length()) {
				String open;
				String close;
				if (source.startsWith("//", i)) {
					open = "//";
					close = "\n";
				}
				else if (source.startsWith("/*", i)) {
					open = "/*";
					close = "*/";
				}
				else if (source.startsWith("\"\"\"", i)) {
					open = "\"\"\"";
					close = open;
				}
				else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
					open = String.valueOf(source.charAt(i));
					close = open;
				}
				else {
					code.append(source.charAt(i++));
					continue;
				}
				boolean literal = open.startsWith("\"") || open.equals("'");
				int j = i + open.length();
				while (j < source.length() && !source.startsWith(close, j)) {
					// An escaped quote does not end a literal.
					j += (literal && source.charAt(j) == '\\') ? 2 : 1;
				}
				j = Math.min(source.length(), j + (close.equals("\n") ? 0 : close.length()));
				for (int k = i; k < j; k++) {
					code.append((source.charAt(k) == '\n') ? '\n' : ' ');
				}
				i = j;
			}
			return code.toString();
		}

	}

}
