package io.asynclog.benchmarks.setup;

/**
 * What every logging library's setup has: the name it runs under, for its errors, the trial's
 * options, and the count of what reached its sink, known once the library is up.
 */
abstract class LibrarySetup implements LoggingSetup {

	final String name;

	final SetupOptions options;

	Deliveries deliveries;

	LibrarySetup(String name, SetupOptions options) {
		this.name = name;
		this.options = options;
	}

	@Override
	public long delivered() {
		return this.deliveries.count();
	}

	void require(boolean condition, String what) {
		if (!condition) {
			throw new IllegalStateException(this.name + " should have " + what + ", but does not");
		}
	}

}
