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

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The layers of {@code src/main/java}, named by their package prefix and read from the source:
 * the backend-neutral core ({@code io.asynclog.core.*}) imports neither a backend, nor the Spring
 * wiring, nor Log4j2, Logback or the Disruptor; a backend ({@code io.asynclog.log4j2.*},
 * {@code io.asynclog.logback.*}) imports the core, the Disruptor adapters and itself only, and both
 * backends have the same sub-packages for the same concerns; the Disruptor adapters both backends
 * share ({@code io.asynclog.disruptor}) import the core and the Disruptor only, neither a backend,
 * nor the wiring, nor Log4j2, Logback or Spring; the wiring ({@code io.asynclog.autoconfigure.*})
 * imports the core only. The two backends mirror each other: a class of one has a partner of the same name
 * (a leading {@code Log4j2} or {@code Logback} left out) in the same sub-package of the other,
 * unless its role exists on one side only ({@link #ONE_SIDED}, each with its reason). Every
 * package says what it holds and may use in a {@code package-info.java}. No two packages depend on each other, directly or round a longer loop, the
 * sub-packages of one backend included, and none in the harness (load-tests and its modules, the
 * demo app, the integration tests' applications and their support) either.
 * <p>
 * A dependency is an {@code import} (static and on-demand ones too) or a fully qualified
 * name in code; comments and string literals do not count. Run it alone with
 * {@code ./mvnw -o -q -pl test-fixtures,autoconfigure -Dtest=ArchitectureTests -Dsurefire.failIfNoSpecifiedTests=false test}.
 *
 * @author asynclog
 */
class ArchitectureTests {

	private static final Path MAIN_SOURCES = Path.of("src/main/java");

	/**
	 * The backend classes whose role the other backend does not have, by backend, sub-package
	 * and class name, each with the reason.
	 */
	private static final Map<String, String> ONE_SIDED = Map.ofEntries(
			entry("log4j2.appender.CutoffFilter", "Log4j2's own drain would wait for what the cutoff"
					+ " refuses at each appender reference; a Logback ring cuts off itself"),
			entry("log4j2.appender.ShutdownCutoff", "the Log4j2 cutoff the filters and remote appenders read;"
					+ " a Logback ring holds its deadline in QueueSettings"),
			entry("log4j2.appender.EventSnapshot", "Log4j2 reuses ring events and their garbage-free context"
					+ " map; a Logback event is never reused"),
			entry("log4j2.config.AsyncAppenderWrapper", "async-appender mode through Log4j2's own AsyncAppender;"
					+ " on Logback the ConfigurationWriter puts an AppenderRing in place"),
			entry("log4j2.config.AsyncLogConfiguration", "Log4j2 runs a Configuration object asynclog wraps;"
					+ " Logback's context is changed in place and keeps a LogbackSetup"),
			entry("log4j2.config.AsyncLogPropertySource", "Log4j2 reads ring size, wait strategy and policy"
					+ " from its properties by name"),
			entry("log4j2.config.EffectiveMode", "all-async is Log4j2's context selector, chosen at JVM start"),
			entry("log4j2.config.Nodes", "Log4j2's configuration is a node tree edited before Log4j2 builds it"),
			entry("log4j2.config.OverrideComposition", "logging.log4j2.config.override is Log4j2's only"),
			entry("log4j2.config.QueueProbes", "places QueueProbes in Log4j2's node tree; a Logback ring tells"
					+ " its QueueProbe itself"),
			entry("log4j2.config.ReusableMessages", "Log4j2's garbage-free thread-locals"),
			entry("log4j2.config.RuntimeLevelLoggerConfig", "stands in for Spring Boot's Log4j2 LoggerConfig"),
			entry("log4j2.lifecycle.BindingConflictGuard", "Log4j2's provider choice with both SLF4J bindings"),
			entry("log4j2.lifecycle.Log4j2RuntimeHints", "Log4j2 builds asynclog's plugins by reflection;"
					+ " Logback builds nothing of asynclog's so"),
			entry("log4j2.metrics.EventCountingFilter", "the exact log4j2.events counter's filter; Micrometer's"
					+ " Logback counter is right as it is"),
			entry("log4j2.metrics.ExactLog4j2Metrics", "the exact log4j2.events counter; Micrometer's Logback"
					+ " counter is right as it is"),
			entry("log4j2.queue.BlockingQueueFullPolicy", "Log4j2 makes its queue-full policy from a class"
					+ " name; a Logback ring applies QueueSettings itself"),
			entry("log4j2.queue.CountingDiscardPolicy", "Log4j2 makes its queue-full policy from a class name"),
			entry("log4j2.queue.FullRingRouting", "the full-ring path of Log4j2's async-logger ring"),
			entry("log4j2.queue.HaltedRingSnapshot", "Log4j2's reliability strategy, told when its ring halts"),
			entry("log4j2.queue.QueueClocks", "the busy clocks of a Log4j2 configuration's threads; a Logback"
					+ " ring keeps its own"),
			entry("log4j2.queue.QueueThreads", "tells a queue from the name Log4j2 gives its thread"),
			entry("log4j2.queue.RingBufferOwner", "a Log4j2 configuration's async-logger ring"),
			entry("log4j2.queue.TimedQueueFactory", "the queue of Log4j2's AsyncAppender"),
			entry("log4j2.queue.TimedWaitStrategyFactory", "Log4j2 asks a factory for its ring's wait strategy"),
			entry("logback.appender.CountedFileAppender", "Logback's file stream hides failed writes"),
			entry("logback.appender.CountedFileStream", "Logback's file stream hides failed writes"),
			entry("logback.appender.CountedRollingFileAppender", "Logback's file stream hides failed writes"),
			entry("logback.config.LogbackSetup", "what asynclog set up, kept in the Logback context; Log4j2's"
					+ " AsyncLogConfiguration holds it itself"),
			entry("logback.config.SpringBootPatterns", "Spring Boot's Logback conversion words for the appenders"
					+ " asynclog builds; Log4j2 finds Spring Boot's as plugins"),
			entry("logback.lifecycle.LogbackInstallation", "the Installer's Logback half, apart so that the"
					+ " listener loads without Logback; Log4j2 loads its Installer itself"),
			entry("logback.lifecycle.ScanReloads", "Logback reloads a scan=\"true\" file on its own"),
			entry("logback.queue.AppenderRing", "asynclog's own ring on Logback; Log4j2 has its AsyncAppender"),
			entry("logback.queue.Delegates", "the appenders behind one of asynclog's Logback rings"),
			entry("logback.queue.LogRing", "asynclog's own ring on Logback; Log4j2 has its async loggers"),
			entry("logback.queue.LoggerRing", "asynclog's own ring on Logback; Log4j2 has its async loggers"),
			entry("logback.queue.RingConsumer", "the background thread of asynclog's own ring on Logback; Log4j2's"
					+ " rings keep theirs"),
			entry("logback.queue.ReentryGuards", "Logback's per-appender guard against logging from an append"),
			entry("logback.queue.RingListener", "what asynclog's own Logback ring tells its listeners"));

	@Test
	void mainSourcesKeepTheLayersAndHaveNoPackageCycle() {
		PackageGraph graph = PackageGraph.of(MAIN_SOURCES);
		assertThat(graph.packages()).as("the packages the check must have read")
			.contains("io.asynclog.core.config", "io.asynclog.core.queue", "io.asynclog.core.backend",
					"io.asynclog.autoconfigure", "io.asynclog.log4j2.lifecycle", "io.asynclog.log4j2.config",
					"io.asynclog.logback.queue", "io.asynclog.disruptor");
		assertThat(graph.dependencies("io.asynclog.log4j2.config")).as("edges the check must have seen")
			.contains("io.asynclog.core.config", "io.asynclog.log4j2.queue");
		assertThat(graph.dependencies("io.asynclog.logback.queue")).as("edges the check must have seen")
			.contains("io.asynclog.disruptor");
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
	void eachBackendClassHasAPartnerOfTheSameNameInTheSameSubPackage() {
		BackendPairs pairs = BackendPairs.of(PackageGraph.read(MAIN_SOURCES));
		assertThat(pairs.paired()).as("pairs the check must have found")
			.contains("config.ConfigurationWriter", "queue.PipelineView", "lifecycle.Backend", "queue.Levels");
		assertThat(pairs.problems(ONE_SIDED)).isEmpty();
	}

	@Test
	void aClassWithoutPartnerAndAStaleOneSidedEntryAreReported() {
		BackendPairs pairs = BackendPairs.of(Map.of("io/asynclog/log4j2/config/ConfigurationWriter.java", "",
				"io/asynclog/logback/config/ConfigurationWriter.java", "", "io/asynclog/log4j2/lifecycle/Log4j2Backend.java",
				"", "io/asynclog/logback/lifecycle/LogbackBackend.java", "", "io/asynclog/log4j2/queue/QueueDrain.java", "",
				"io/asynclog/logback/metrics/QueueDrain.java", "", "io/asynclog/logback/queue/LogRing.java", "",
				"io/asynclog/log4j2/queue/package-info.java", ""));
		assertThat(pairs.paired()).containsExactlyInAnyOrder("config.ConfigurationWriter", "lifecycle.Backend");
		assertThat(pairs.problems(Map.of("logback.queue.LogRing", "a reason", "log4j2.config.ConfigurationWriter",
				"a reason", "log4j2.queue.Gone", "a reason")))
			.containsExactlyInAnyOrder(
					"log4j2.queue.QueueDrain has no partner logback.queue.QueueDrain: give the role one name in one"
							+ " sub-package on both sides, or list it in ONE_SIDED with the reason",
					"logback.metrics.QueueDrain has no partner log4j2.metrics.QueueDrain: give the role one name in"
							+ " one sub-package on both sides, or list it in ONE_SIDED with the reason",
					"log4j2.config.ConfigurationWriter is listed in ONE_SIDED but pairs with"
							+ " logback.config.ConfigurationWriter",
					"log4j2.queue.Gone is listed in ONE_SIDED but is no class");
	}

	@Test
	void everyPackageHasAPackageInfo() throws IOException {
		Set<String> packages = PackageGraph.of(MAIN_SOURCES).packages();
		assertThat(packages).as("the packages the check must have read")
			.contains("io.asynclog.core.backend", "io.asynclog.logback.queue", "io.asynclog.autoconfigure.metrics");
		List<String> without = new ArrayList<>();
		for (String pkg : packages) {
			if (!Files.isRegularFile(MAIN_SOURCES.resolve(pkg.replace('.', '/')).resolve("package-info.java"))) {
				without.add(pkg);
			}
		}
		assertThat(without).as("packages without a package-info.java").isEmpty();
	}

	@Test
	void theHarnessHasNoPackageCycle() {
		Map<String, String> sources = new LinkedHashMap<>();
		for (String module : List.of("../test-fixtures", "../load-tests/report", "../load-tests/http",
				"../load-tests/dashboard", "../load-tests/jmh", "../load-tests/shipping", "../demo-app",
				"../integration-tests/support", "../integration-tests/log4j2-app", "../integration-tests/logback-app",
				"../integration-tests/both-bindings", "../integration-tests/no-backend")) {
			sources.putAll(PackageGraph.read(Path.of(module, "src/main/java")));
		}
		PackageGraph harness = PackageGraph.of(sources);
		assertThat(harness.packages()).as("the harness packages the check must have read")
			.contains("io.asynclog.fixtures", "io.asynclog.loadtests.http", "io.asynclog.benchmarks", "io.asynclog.demo",
					"io.asynclog.it", "io.asynclog.it.log4j2");
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
				"io.asynclog: a package outside the core, the Disruptor adapters, the wiring and the backends"
						+ " (io/asynclog/C.java)",
				"io.asynclog.queue: a package outside the core, the Disruptor adapters, the wiring and the backends"
						+ " (io/asynclog/queue/D.java)");
	}

	@Test
	void theDisruptorAdaptersImportingMoreThanTheCoreAndTheDisruptorOrImportedOutsideTheBackendsAreReported() {
		PackageGraph graph = PackageGraph.of(Map.of("io/asynclog/disruptor/A.java", """
				package io.asynclog.disruptor;

				import com.lmax.disruptor.WaitStrategy;
				import io.asynclog.core.queue.BusyClock;
				import io.asynclog.logback.queue.LogRing;
				import io.asynclog.autoconfigure.AsyncLogAutoConfiguration;
				import org.apache.logging.log4j.core.LogEvent;
				import ch.qos.logback.classic.Level;
				import org.springframework.util.Assert;
				""", "io/asynclog/core/queue/B.java", """
				package io.asynclog.core.queue;

				import io.asynclog.disruptor.A;
				""", "io/asynclog/autoconfigure/C.java", """
				package io.asynclog.autoconfigure;

				import io.asynclog.disruptor.A;
				""", "io/asynclog/log4j2/queue/D.java", """
				package io.asynclog.log4j2.queue;

				import io.asynclog.disruptor.A;
				""", "io/asynclog/logback/queue/E.java", """
				package io.asynclog.logback.queue;

				import io.asynclog.disruptor.A;
				"""));
		assertThat(graph.violations()).containsExactlyInAnyOrder(
				"io.asynclog.disruptor -> io.asynclog.logback.queue: the Disruptor adapters import a backend"
						+ " (io/asynclog/disruptor/A.java)",
				"io.asynclog.disruptor -> io.asynclog.autoconfigure: the Disruptor adapters import the Spring wiring"
						+ " (io/asynclog/disruptor/A.java)",
				"io.asynclog.disruptor -> org.apache.logging.log4j: the Disruptor adapters import Log4j2"
						+ " (io/asynclog/disruptor/A.java)",
				"io.asynclog.disruptor -> ch.qos.logback: the Disruptor adapters import Logback"
						+ " (io/asynclog/disruptor/A.java)",
				"io.asynclog.disruptor -> org.springframework: the Disruptor adapters import Spring"
						+ " (io/asynclog/disruptor/A.java)",
				"io.asynclog.core.queue -> io.asynclog.disruptor: the core imports the Disruptor adapters"
						+ " (io/asynclog/core/queue/B.java)",
				"io.asynclog.autoconfigure -> io.asynclog.disruptor: the Spring wiring imports the Disruptor adapters"
						+ " (io/asynclog/autoconfigure/C.java)");
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
	 * The classes of both backends by sub-package, each under the name it pairs by: its own,
	 * a leading {@code Log4j2} or {@code Logback} left out.
	 */
	static final class BackendPairs {

		private static final List<String> BACKENDS = List.of("log4j2", "logback");

		private static final Pattern BACKEND_CLASS = Pattern
			.compile("io/asynclog/(log4j2|logback)/((?:\\w+/)*\\w+)/(\\w+)\\.java");

		private static final Pattern PREFIX = Pattern.compile("^(?:Log4j2|Logback)(?=[A-Z])");

		/** Backend, then "sub-package.pairing name", then the class's own name. */
		private final Map<String, Map<String, String>> classes = new TreeMap<>();

		static BackendPairs of(Map<String, String> sourcesByFile) {
			BackendPairs pairs = new BackendPairs();
			BACKENDS.forEach((backend) -> pairs.classes.put(backend, new TreeMap<>()));
			for (String file : sourcesByFile.keySet()) {
				Matcher matcher = BACKEND_CLASS.matcher(file);
				if (matcher.matches() && !matcher.group(3).equals("package-info")) {
					String subPackage = matcher.group(2).replace('/', '.');
					String pairingName = PREFIX.matcher(matcher.group(3)).replaceFirst("");
					pairs.classes.get(matcher.group(1)).put(subPackage + "." + pairingName, matcher.group(3));
				}
			}
			return pairs;
		}

		/** Returns the classes both backends have, as "sub-package.pairing name". */
		Set<String> paired() {
			Set<String> paired = new TreeSet<>(this.classes.get("log4j2").keySet());
			paired.retainAll(this.classes.get("logback").keySet());
			return paired;
		}

		/**
		 * Returns each class without a partner that is not listed as one-sided, each listed one
		 * that has a partner, and each listed one that is no class.
		 */
		List<String> problems(Map<String, String> oneSided) {
			List<String> problems = new ArrayList<>();
			Set<String> classNames = new TreeSet<>();
			for (String backend : BACKENDS) {
				String other = backend.equals("log4j2") ? "logback" : "log4j2";
				this.classes.get(backend).forEach((pairingName, className) -> {
					String subPackage = pairingName.substring(0, pairingName.lastIndexOf('.'));
					String name = backend + "." + subPackage + "." + className;
					classNames.add(name);
					String partner = this.classes.get(other).get(pairingName);
					if (partner == null && !oneSided.containsKey(name)) {
						problems.add(("%s has no partner %s.%s: give the role one name in one sub-package on both"
								+ " sides, or list it in ONE_SIDED with the reason").formatted(name, other, pairingName));
					}
					if (partner != null && oneSided.containsKey(name)) {
						problems.add("%s is listed in ONE_SIDED but pairs with %s.%s.%s".formatted(name, other,
								subPackage, partner));
					}
				});
			}
			oneSided.keySet()
				.stream()
				.filter((name) -> !classNames.contains(name))
				.sorted()
				.forEach((name) -> problems.add(name + " is listed in ONE_SIDED but is no class"));
			return problems;
		}

	}

	/**
	 * The packages of a source tree and the packages each one uses from {@code io.asynclog}.
	 */
	static final class PackageGraph {

		private static final String CORE = "core";

		private static final Set<String> BACKENDS = Set.of("log4j2", "logback");

		private static final String DISRUPTOR = "disruptor";

		/** The libraries a layer must not import, by layer, then by package prefix. */
		private static final Map<String, Map<String, String>> FORBIDDEN_LIBRARIES = Map.of(CORE,
				Map.of("org.apache.logging.log4j", "Log4j2", "ch.qos.logback", "Logback", "com.lmax.disruptor",
						"the Disruptor"),
				DISRUPTOR, Map.of("org.apache.logging.log4j", "Log4j2", "ch.qos.logback", "Logback",
						"org.springframework", "Spring"));

		/** How a violation begins for the layers {@link #FORBIDDEN_LIBRARIES} restricts. */
		private static final Map<String, String> LAYER_IMPORTS = Map.of(CORE, "the core imports", DISRUPTOR,
				"the Disruptor adapters import");

		private static final Pattern LIBRARY_NAME = Pattern.compile(
				"(?<![\\w.])(org\\.apache\\.logging\\.log4j|ch\\.qos\\.logback|com\\.lmax\\.disruptor|org\\.springframework)\\.");

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

		/** Package, then the libraries of {@link #LIBRARY_NAME} it uses, each with the first file that uses it. */
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
					violations.add(("%s: a package outside the core, the Disruptor adapters, the wiring and the"
							+ " backends (%s)").formatted(from, this.files.get(from)));
					return;
				}
				uses.forEach((to, file) -> {
					String problem = problem(from, to);
					if (problem != null) {
						violations.add("%s -> %s: %s (%s)".formatted(from, to, problem, file));
					}
				});
				Map<String, String> forbidden = FORBIDDEN_LIBRARIES.getOrDefault(layer(from), Map.of());
				this.libraries.getOrDefault(from, Map.of()).forEach((library, file) -> {
					if (forbidden.containsKey(library)) {
						violations.add("%s -> %s: %s %s (%s)".formatted(from, library, LAYER_IMPORTS.get(layer(from)),
								forbidden.get(library), file));
					}
				});
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
				return toLayer.equals(WIRING) ? "the core imports the Spring wiring"
						: toLayer.equals(DISRUPTOR) ? "the core imports the Disruptor adapters"
								: "the core imports a backend";
			}
			if (fromLayer.equals(WIRING)) {
				return toLayer.equals(WIRING) ? null
						: toLayer.equals(DISRUPTOR) ? "the Spring wiring imports the Disruptor adapters"
								: "the Spring wiring imports a backend";
			}
			if (fromLayer.equals(DISRUPTOR)) {
				return toLayer.equals(DISRUPTOR) ? null
						: toLayer.equals(WIRING) ? "the Disruptor adapters import the Spring wiring"
								: "the Disruptor adapters import a backend";
			}
			if (toLayer.equals(WIRING)) {
				return "a backend imports the Spring wiring";
			}
			if (toLayer.equals(DISRUPTOR)) {
				return null;
			}
			return fromLayer.equals(toLayer) ? null : "backend %s imports backend %s".formatted(fromLayer, toLayer);
		}

		/**
		 * Returns "core", "disruptor", "autoconfigure", the backend's name, or {@code null} for a
		 * package that is none of them (io.asynclog itself, another name under it, or outside
		 * io.asynclog).
		 */
		private static String layer(String pkg) {
			if (!pkg.startsWith(ROOT + ".")) {
				return null;
			}
			String top = pkg.substring(ROOT.length() + 1).split("\\.")[0];
			return (top.equals(CORE) || top.equals(DISRUPTOR) || top.equals(WIRING) || BACKENDS.contains(top)) ? top
					: null;
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
