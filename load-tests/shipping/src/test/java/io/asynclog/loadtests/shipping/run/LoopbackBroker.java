package io.asynclog.loadtests.shipping.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.springframework.util.FileSystemUtils;

/**
 * A one-node KRaft broker (broker and controller in one) for the shipping throughput runs,
 * listening on 127.0.0.1 only: Kafka's own {@link KafkaRaftServer} with its storage
 * formatted by Kafka's {@link StorageTool}, in a temporary directory. (spring-kafka-test's
 * embedded broker opens its ports on every interface.)
 * <p>
 * As a program it runs in a JVM of its own, so that its CPU is not the application's: it
 * creates the given topics (one partition each), prints {@code bootstrap=127.0.0.1:PORT}
 * and stays up until the process is killed. Usage:
 * {@code java -cp BROKER_CLASSPATH io.asynclog.loadtests.shipping.run.LoopbackBroker TOPIC...}
 * (load-tests/scripts/shipping-throughput.sh starts it and kills it on exit).
 *
 * @author asynclog
 */
public final class LoopbackBroker implements AutoCloseable {

	private final KafkaRaftServer server;

	private final int port;

	private final Path dir;

	private LoopbackBroker(KafkaRaftServer server, int port, Path dir) {
		this.server = server;
		this.port = port;
		this.dir = dir;
	}

	public static void main(String[] topics) throws InterruptedException {
		LoopbackBroker broker = start(topics);
		Runtime.getRuntime().addShutdownHook(new Thread(broker::close, "broker-stop"));
		System.out.println("bootstrap=" + broker.bootstrapServers());
		System.out.println("pid=" + ProcessHandle.current().pid());
		System.out.flush();
		new CountDownLatch(1).await();
	}

	/**
	 * Formats storage in a new temporary directory, starts the broker and creates the
	 * topics.
	 * @param topics the topics to create, one partition each
	 * @return the running broker
	 */
	static LoopbackBroker start(String... topics) {
		try {
			Path dir = Files.createTempDirectory("loopback-broker");
			int port = freePort();
			int controllerPort = freePort();
			Properties settings = new Properties();
			settings.put("process.roles", "broker,controller");
			settings.put("node.id", "1");
			settings.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
			settings.put("listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
			settings.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
			settings.put("controller.listener.names", "CONTROLLER");
			settings.put("inter.broker.listener.name", "PLAINTEXT");
			settings.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
			settings.put("log.dirs", dir.resolve("data").toString());
			settings.put("num.partitions", "1");
			settings.put("offsets.topic.replication.factor", "1");
			settings.put("transaction.state.log.replication.factor", "1");
			settings.put("transaction.state.log.min.isr", "1");
			settings.put("share.coordinator.state.topic.replication.factor", "1");
			settings.put("share.coordinator.state.topic.min.isr", "1");
			settings.put("group.initial.rebalance.delay.ms", "0");
			Path config = dir.resolve("server.properties");
			try (var out = Files.newOutputStream(config)) {
				settings.store(out, "loopback broker");
			}
			int formatted = StorageTool.execute(
					new String[] { "format", "-t", Uuid.randomUuid().toString(), "-c", config.toString() }, System.err);
			if (formatted != 0) {
				throw new IllegalStateException("kafka-storage format failed with status " + formatted);
			}
			KafkaRaftServer server = new KafkaRaftServer(new KafkaConfig(settings, false), Time.SYSTEM);
			server.startup();
			LoopbackBroker broker = new LoopbackBroker(server, port, dir);
			try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
				admin.createTopics(Arrays.stream(topics).map((topic) -> new NewTopic(topic, 1, (short) 1)).toList())
					.all()
					.get(60, TimeUnit.SECONDS);
			}
			return broker;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (Exception ex) {
			throw new IllegalStateException("the loopback broker did not start", ex);
		}
	}

	/**
	 * Returns where clients connect.
	 * @return {@code 127.0.0.1:PORT}
	 */
	String bootstrapServers() {
		return "127.0.0.1:" + this.port;
	}

	@Override
	public void close() {
		this.server.shutdown();
		this.server.awaitShutdown();
		FileSystemUtils.deleteRecursively(this.dir.toFile());
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

}
