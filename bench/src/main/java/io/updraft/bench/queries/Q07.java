package io.updraft.bench.queries;

import io.updraft.sql.Column;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import java.time.LocalDate;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.sum;
import static io.updraft.sql.functions.year;

/**
 * TPC-H Q7, volume shipping: revenue of 1995-1996 shipments between FRANCE and GERMANY (either way), by supplier
 * nation, customer nation and year. The nation table is joined twice, under the aliases n1 and n2.
 */
public final class Q07 {
    private Q07() {
    }

    public static Dataset<Row> query(TpchTables t) {
        Column franceToGermany = col("n1.n_name").equalTo("FRANCE").and(col("n2.n_name").equalTo("GERMANY"));
        Column germanyToFrance = col("n1.n_name").equalTo("GERMANY").and(col("n2.n_name").equalTo("FRANCE"));
        Dataset<Row> shipping = t.supplier()
                .join(t.lineitem().filter(col("l_shipdate").between(lit(LocalDate.of(1995, 1, 1)),
                        lit(LocalDate.of(1996, 12, 31)))), col("s_suppkey").equalTo(col("l_suppkey")))
                .join(t.orders(), col("o_orderkey").equalTo(col("l_orderkey")))
                .join(t.customer(), col("c_custkey").equalTo(col("o_custkey")))
                .join(t.nation().as("n1"), col("s_nationkey").equalTo(col("n1.n_nationkey")))
                .join(t.nation().as("n2"), col("c_nationkey").equalTo(col("n2.n_nationkey")))
                .filter(franceToGermany.or(germanyToFrance))
                .select(col("n1.n_name").as("supp_nation"), col("n2.n_name").as("cust_nation"),
                        year(col("l_shipdate")).as("l_year"),
                        col("l_extendedprice").multiply(lit(1).minus(col("l_discount"))).as("volume"));
        return shipping
                .groupBy(col("supp_nation"), col("cust_nation"), col("l_year"))
                .agg(sum(col("volume")).as("revenue"))
                .orderBy(col("supp_nation"), col("cust_nation"), col("l_year"));
    }
}
