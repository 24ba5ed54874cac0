package io.asynclog.core.count;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.asynclog.core.queue.Registration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Appender names told to listeners: a listener hears the names known when it listens, then
 * every new one, until it closes its registration; other listeners go on hearing.
 */
class AppenderNamesTests {

	private final AppenderNames names = new AppenderNames();

	@Test
	void aListenerHearsTheKnownNamesAtOnceThenEachNewOne() {
		List<String> heard = new ArrayList<>();
		this.names.listen(List.of("main", "audit"), heard::add);
		assertThat(heard).containsExactly("main", "audit");
		this.names.announce("ship");
		assertThat(heard).containsExactly("main", "audit", "ship");
	}

	@Test
	void everyListenerHearsANewName() {
		List<String> first = new ArrayList<>();
		List<String> second = new ArrayList<>();
		this.names.listen(List.of(), first::add);
		this.names.listen(List.of(), second::add);
		this.names.announce("main");
		assertThat(first).containsExactly("main");
		assertThat(second).containsExactly("main");
	}

	@Test
	void aClosedRegistrationHearsNoMoreWhileOthersDo() {
		List<String> closed = new ArrayList<>();
		List<String> open = new ArrayList<>();
		Registration registration = this.names.listen(List.of(), closed::add);
		this.names.listen(List.of(), open::add);
		this.names.announce("main");
		registration.close();
		registration.close();
		this.names.announce("audit");
		assertThat(closed).containsExactly("main");
		assertThat(open).containsExactly("main", "audit");
	}

}
