using DvdStore.Schema.Model;
using DvdStore.Schema.Sizing;

namespace DvdStore.Loader.Generation;

/// <summary>
/// MEMBERSHIP (docs/ds3-compatibility.md, "Generated data"): one member chosen uniformly in each block of ten customers (10 % members),
/// type U(1,3), expiry 2015–2019, month U(1,12), day 15. Run-time NEW_MEMBER dates are "today", never a
/// 15th of 2015–2019 in the past, which is how reset tells loaded members from added ones.
/// </summary>
public sealed class MembershipRows(ulong seed, RowCounts counts)
    : IdRangeRows(seed, GeneratedTable.Membership, StoreModel.Membership, counts.Members)
{
    /// <summary>Loaded expiry dates end here; anything later was added by a run.</summary>
    public static readonly DateTime LastLoadedExpiry = new(2019, 12, 15);

    /// <summary>Chunk i's members are in customer blocks i × size .. (i + 1) × size − 1.</summary>
    public override ChunkKey? ChunkKey => new("CUSTOMERID", IdChunks.Size * (counts.Customers / counts.Members));

    protected override IEnumerable<object?[]> Rows(SeededRandom random, long first, long last)
    {
        var block = counts.Customers / counts.Members;
        // Members are numbered from 0, ids from 1.
        for (var member = first - 1; member < last; member++)
        {
            var customer = member * block + random.Next(1L, block);
            var type = random.Next(1, 3);
            var expiry = new DateTime(2014 + random.Next(1, 5), random.Next(1, 12), 15);
            yield return [customer, type, expiry];
        }
    }
}
