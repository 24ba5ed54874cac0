package io.asynclog.core.queue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Threads that delivery depends on, known by the start of their names: a thread so named is
 * one, a thread whose name holds the prefix elsewhere or not at all is not. The prefixes are
 * JVM-wide, so each test declares names of its own.
 */
class DeliveryThreadsTests {

	@Test
	void aThreadWhoseNameStartsWithADeclaredPrefixIsADeliveryThread() throws Exception {
		DeliveryThreads.add("delivery-threads-tests-io-");
		assertThat(isCurrentOn("delivery-threads-tests-io-1")).isTrue();
	}

	@Test
	void aThreadWhoseNameHoldsThePrefixElsewhereIsNot() throws Exception {
		DeliveryThreads.add("delivery-threads-tests-sender-");
		assertThat(isCurrentOn("app-delivery-threads-tests-sender-1")).isFalse();
		assertThat(isCurrentOn("delivery-threads-tests-other-1")).isFalse();
	}

	@Test
	void everyDeclaredPrefixCounts() throws Exception {
		DeliveryThreads.add("delivery-threads-tests-first-");
		DeliveryThreads.add("delivery-threads-tests-second-");
		DeliveryThreads.add("delivery-threads-tests-first-");
		assertThat(isCurrentOn("delivery-threads-tests-first-1")).isTrue();
		assertThat(isCurrentOn("delivery-threads-tests-second-1")).isTrue();
	}

	private static boolean isCurrentOn(String threadName) throws Exception {
		CompletableFuture<Boolean> answer = new CompletableFuture<>();
		Thread thread = new Thread(() -> answer.complete(DeliveryThreads.isCurrent()), threadName);
		thread.start();
		return answer.get(10, TimeUnit.SECONDS);
	}

}
