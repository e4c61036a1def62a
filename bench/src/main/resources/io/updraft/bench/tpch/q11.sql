-- TPC-H Q11: important stock identification (validation parameters NATION = GERMANY, FRACTION = 0.0001; the column
-- the specification calls "value" is total_value here: VALUE is a reserved word for Calcite, which Updraft parses with)
select
    ps_partkey,
    sum(ps_supplycost * ps_availqty) as total_value
from
    partsupp,
    supplier,
    nation
where
    ps_suppkey = s_suppkey
    and s_nationkey = n_nationkey
    and n_name = 'GERMANY'
group by
    ps_partkey
having
    sum(ps_supplycost * ps_availqty) > (
        select
            sum(ps_supplycost * ps_availqty) * 0.0001
        from
            partsupp,
            supplier,
            nation
        where
            ps_suppkey = s_suppkey
            and s_nationkey = n_nationkey
            and n_name = 'GERMANY'
    )
order by
    total_value desc
