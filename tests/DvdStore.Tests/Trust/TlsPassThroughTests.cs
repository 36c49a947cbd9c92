using DvdStore.Driver.Parameters;
using Microsoft.Data.SqlClient;
using MySqlConnector;
using Npgsql;

namespace DvdStore.Tests.Trust;

/// <summary>Issue 7, secrets: each provider's TLS options reach the provider unchanged through password filling, redaction and --target host rewriting.</summary>
public sealed class TlsPassThroughTests
{
    private const string Postgres = SampleConnections.Postgres + ";SslMode=Disable;Trust Server Certificate=true";
    private const string MySql = SampleConnections.MySql + ";SslMode=None;AllowPublicKeyRetrieval=true";
    private const string SqlServer = SampleConnections.SqlServer + ";TrustServerCertificate=true;Encrypt=Strict";

    [Fact]
    public void Postgres_ssl_mode_passes_through()
    {
        foreach (var s in Variants(EngineKind.PostgreSql, Postgres))
        {
            var builder = new NpgsqlConnectionStringBuilder(s);
            Assert.Equal(SslMode.Disable, builder.SslMode);
        }
    }

    [Fact]
    public void MySql_ssl_mode_passes_through()
    {
        foreach (var s in Variants(EngineKind.MySql, MySql))
        {
            var builder = new MySqlConnectionStringBuilder(s);
            Assert.Equal(MySqlSslMode.None, builder.SslMode);
            Assert.True(builder.AllowPublicKeyRetrieval);
        }
    }

    [Fact]
    public void SqlServer_trust_server_certificate_and_encrypt_pass_through()
    {
        foreach (var s in Variants(EngineKind.SqlServer, SqlServer))
        {
            var builder = new SqlConnectionStringBuilder(s);
            Assert.True(builder.TrustServerCertificate);
            Assert.Equal(SqlConnectionEncryptOption.Strict, builder.Encrypt);
        }
    }

    [Fact]
    public void Filling_the_password_keeps_every_option_and_redaction_removes_only_the_password()
    {
        var filled = ConnectionStrings.WithPassword(SqlServer, "s3cret", null);
        Assert.Contains("s3cret", filled, StringComparison.Ordinal);
        var redacted = ConnectionStrings.Redact(filled);
        Assert.DoesNotContain("s3cret", redacted, StringComparison.Ordinal);
        Assert.Equal(
            new SqlConnectionStringBuilder(SqlServer).ConnectionString,
            new SqlConnectionStringBuilder(redacted).ConnectionString);
    }

    /// <summary>The string as each step of the kit hands it on: password filled, redacted, and host replaced by --target.</summary>
    private static IEnumerable<string> Variants(EngineKind kind, string connection)
    {
        var filled = ConnectionStrings.WithPassword(connection, "s3cret", null);
        yield return filled;
        yield return ConnectionStrings.Redact(filled);
        yield return EngineCatalog.Get(kind).Profile.WithHost(filled, "db2:6000");
        Assert.Equal("db1", ConnectionStrings.Value(filled, "Host", "Server"));
    }
}
