package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tests of reading the raw CSV.
 *
 * @author asynclog
 */
class RawCsvReaderTests {

	@Test
	void readsClosedAndOpenRows() throws IOException {
		RunRecord closed = Runs.closed("async-logger/3/no-flush/study", 2, 2000, 120);
		RunRecord off = Runs.closed("logging-off", "logging-off", null, null, null, 1, 2500, 90, true);
		RunRecord open = Runs.open("sync/3/flush/study", "sync", 3, 200, 1, 40);
		List<RunRecord> runs = RawCsvReader.parse(List.of(Runs.HEADER, Runs.csv(closed), "", Runs.csv(off),
				Runs.csv(open)), "test");
		assertEquals(List.of(closed, off, open), runs);
		assertEquals(Boolean.FALSE, runs.get(0).immediateFlush());
		assertNull(runs.get(1).appenders());
		assertNull(runs.get(2).users());
		assertTrue(runs.get(2).open());
		assertFalse(runs.get(2).closed());
	}

	@Test
	void splitsQuotedCells() {
		assertEquals(List.of("a", "b,c", "d\"e", ""), RawCsvReader.split("a,\"b,c\",\"d\"\"e\","));
	}

	@Test
	void rejectsAHeaderWithoutAColumn() {
		String header = Runs.HEADER.replace(",lines_ok", "");
		IOException ex = assertThrows(IOException.class, () -> RawCsvReader.parse(List.of(header), "raw.csv"));
		assertTrue(ex.getMessage().contains("lines_ok"), ex.getMessage());
	}

	@Test
	void rejectsANumberThatIsNotOne() {
		String line = Runs.csv(Runs.closed("logging-off", 1, 2500, 90)).replace(",2500.0,", ",lots,");
		IOException ex = assertThrows(IOException.class, () -> RawCsvReader.parse(List.of(Runs.HEADER, line), "raw.csv"));
		assertTrue(ex.getMessage().contains("line 2"), ex.getMessage());
	}

	@Test
	void rejectsAnUnknownModel() {
		String line = Runs.csv(Runs.closed("logging-off", 1, 2500, 90)).replace(",closed,", ",half-open,");
		IOException ex = assertThrows(IOException.class, () -> RawCsvReader.parse(List.of(Runs.HEADER, line), "raw.csv"));
		assertTrue(ex.getMessage().contains("half-open"), ex.getMessage());
	}

}
