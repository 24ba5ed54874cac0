package io.asynclog.loadtests.shipping;

import java.util.concurrent.CountDownLatch;

import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * A one-node KRaft broker on localhost for the shipping throughput runs, in a JVM of its own so
 * that its CPU is not the application's: starts spring-kafka-test's
 * {@link EmbeddedKafkaKraftBroker} with the given topics (one partition each), prints
 * {@code bootstrap=HOST:PORT} and stays up until the process is killed.
 * <p>
 * Usage: {@code java -cp BROKER_CLASSPATH io.asynclog.loadtests.shipping.LoopbackBroker TOPIC...}
 * (load-tests/scripts/shipping-throughput.sh starts it and kills it on exit).
 *
 * @author asynclog
 */
public final class LoopbackBroker {

	private LoopbackBroker() {
	}

	public static void main(String[] topics) throws InterruptedException {
		EmbeddedKafkaKraftBroker broker = start(topics);
		Runtime.getRuntime().addShutdownHook(new Thread(broker::destroy, "broker-stop"));
		System.out.println("bootstrap=" + broker.getBrokersAsString());
		System.out.println("pid=" + ProcessHandle.current().pid());
		System.out.flush();
		new CountDownLatch(1).await();
	}

	/**
	 * Starts the broker, listening on loopback only.
	 * @param topics the topics to create, one partition each
	 * @return the running broker
	 */
	static EmbeddedKafkaKraftBroker start(String... topics) {
		EmbeddedKafkaKraftBroker broker = new EmbeddedKafkaKraftBroker(1, 1, topics);
		// Clients reach it through localhost. Kafka's test kit (4.2, PreboundSocketFactoryManager)
		// binds its ports before the broker starts, on the wildcard address: a "listeners" setting
		// does not change that, so the ports are open on every interface while the broker runs.
		broker.afterPropertiesSet();
		String brokers = broker.getBrokersAsString();
		if (!brokers.startsWith("127.0.0.1:") && !brokers.startsWith("localhost:")) {
			broker.destroy();
			throw new IllegalStateException("the broker listens on " + brokers + ", not on loopback");
		}
		return broker;
	}

}
