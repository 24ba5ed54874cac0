package io.asynclog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.awaitility.Awaitility;

/**
 * A one-node KRaft Kafka broker (broker and controller in one) in a JVM of its own, started
 * with Kafka's own {@code kafka.Kafka} from the test class path, listening on 127.0.0.1
 * only, with its data in a directory that outlives the process: it can be stopped and
 * started again on the same port with the records it held, as a real broker restarts.
 * (Kafka's in-process test kit opens its ports on every interface and cannot restart its
 * broker.)
 */
public final class LoopbackKafka implements AutoCloseable {

	private static final Duration PATIENCE = Duration.ofSeconds(90);

	private final Path dir;

	private final Path config;

	private final int port;

	private SeparateJvm broker;

	private int starts;

	private LoopbackKafka(Path dir, Path config, int port) {
		this.dir = dir;
		this.config = config;
		this.port = port;
	}

	/**
	 * Formats a new broker's storage and starts it; topics are created on first use, with
	 * one partition.
	 * @param dir a directory of its own, for its configuration, data and output
	 * @return the running broker
	 */
	public static LoopbackKafka start(Path dir) {
		int port = LoopbackPorts.free();
		int controllerPort = LoopbackPorts.free();
		Path config = dir.resolve("server.properties");
		String settings = String.join("\n", "process.roles=broker,controller", "node.id=1",
				"controller.quorum.voters=1@127.0.0.1:" + controllerPort,
				"listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
				"advertised.listeners=PLAINTEXT://127.0.0.1:" + port, "controller.listener.names=CONTROLLER",
				"inter.broker.listener.name=PLAINTEXT",
				"listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
				"log.dirs=" + dir.resolve("data"), "num.partitions=1", "auto.create.topics.enable=true",
				"offsets.topic.replication.factor=1", "transaction.state.log.replication.factor=1",
				"transaction.state.log.min.isr=1", "share.coordinator.state.topic.replication.factor=1",
				"share.coordinator.state.topic.min.isr=1", "group.initial.rebalance.delay.ms=0", "");
		try {
			Files.createDirectories(dir);
			Files.writeString(config, settings);
			// StorageTool ends with System.exit: it runs in a JVM of its own too.
			try (SeparateJvm format = SeparateJvm.start("kafka.tools.StorageTool", dir, "format", "-t",
					Uuid.randomUuid().toString(), "-c", config.toString())) {
				int status = format.awaitExit(PATIENCE);
				if (status != 0) {
					throw new IllegalStateException("kafka-storage format failed (" + status + "): " + format.stdout()
							+ format.stderr());
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		LoopbackKafka kafka = new LoopbackKafka(dir, config, port);
		kafka.startAgain();
		return kafka;
	}

	/**
	 * Returns where clients connect.
	 * @return {@code 127.0.0.1:port}
	 */
	public String bootstrapServers() {
		return "127.0.0.1:" + this.port;
	}

	/**
	 * Stops the broker as an operator would (SIGTERM, a controlled shutdown) and waits for
	 * its JVM to exit.
	 */
	public void stop() {
		if (this.broker == null) {
			return;
		}
		this.broker.sigterm();
		try {
			this.broker.awaitExit(PATIENCE);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		this.broker = null;
	}

	/**
	 * Starts the broker (again) on the same port and data, and waits until it answers.
	 */
	public void startAgain() {
		this.starts++;
		// Its output goes to server.properties.out and .err, each start's over the last.
		this.broker = SeparateJvm.start("kafka.Kafka", this.dir, this.config.toString());
		SeparateJvm running = this.broker;
		Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
				AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2_000, AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
				2_000));
		try {
			Awaitility.await("the broker on " + bootstrapServers() + " answering")
				.atMost(PATIENCE)
				.pollInterval(Duration.ofMillis(200))
				.ignoreExceptions()
				.failFast("the broker's JVM exited (start " + this.starts + "), see " + this.config + ".out",
						() -> !running.isAlive())
				.until(() -> !admin.describeCluster().nodes().get(2, TimeUnit.SECONDS).isEmpty());
		}
		finally {
			// Admin.close() without a timeout may wait for ever for calls that timed out.
			admin.close(Duration.ZERO);
		}
	}

	/**
	 * Whether the broker's JVM runs.
	 * @return {@code true} between a start and a stop
	 */
	public boolean isRunning() {
		return this.broker != null;
	}

	@Override
	public void close() {
		if (this.broker != null) {
			this.broker.close();
			this.broker = null;
		}
	}

}
