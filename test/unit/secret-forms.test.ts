import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/logs/redact-secrets.js";
import { exampleSecret as fake } from "../../src/logs/secret-patterns.js";

const R = (kind: string) => `[REDACTED:${kind}]`;

// [name, input, expected output]: the whole output is compared, so over-redaction fails too.
const MISSED_BEFORE: [string, string, string][] = [
  ["stripe secret key", `STRIPE=${fake("sk_live_", 24)} ok`, `STRIPE=${R("stripe-key")} ok`],
  // A word that starts with a hash's name is no hash: `Shadow99!` is the password.
  [
    "a password starting like a hash",
    "changed the password to Shadow99! and Password - Desert7!",
    `changed the password to ${R("password")} and Password - ${R("password")}`,
  ],
  ["stripe restricted key", `key ${fake("rk_live_", 24)}`, `key ${R("stripe-key")}`],
  ["sendgrid key of any length", `mail ${fake("SG.", 20)}.${fake("", 30)} sent`, `mail ${R("sendgrid-key")} sent`],
  ["hugging face token", `HF ${fake("hf_", 34)}`, `HF ${R("huggingface-token")}`],
  [
    "azure storage key",
    `AccountName=logs;AccountKey=${fake("", 86)}==;EndpointSuffix=core.windows.net`,
    `AccountName=logs;AccountKey=${R("azure-key")};EndpointSuffix=core.windows.net`,
  ],
  ["basic auth header", `Authorization: Basic ${fake("YWRtaW46", 16)}`, `Authorization: Basic ${R("basic-auth")}`],
  ["gitlab token", `token ${fake("glpat-", 20)}`, `token ${R("gitlab-token")}`],
  ["digitalocean token", `do ${fake("dop_v1_", 64, "hex")}`, `do ${R("digitalocean-token")}`],
  ["twilio api key", `sid ${fake("SK", 32, "hex")}`, `sid ${R("twilio-key")}`],
  ["twilio account sid", `account ${fake("AC", 32, "hex")}`, `account ${R("twilio-key")}`],
  ["twilio auth token", `TWILIO_AUTH_TOKEN=${fake("", 32, "hex")}`, `TWILIO_AUTH_TOKEN=${R("token")}`],
  ["mailgun key", `mg ${fake("key-", 32, "hex")}`, `mg ${R("mailgun-key")}`],
  ["discord bot token", `bot MTk4NjIyNDgzNDcxOTI1MjQ4.Cl2FMQ.${fake("", 27)} up`, `bot ${R("discord-token")} up`],
  ["lowercase client_secret", "client_secret=8fA2kQ9zLm3xP0", `client_secret=${R("secret")}`],
  ["sshpass", "sshpass -p hunter2 ssh deploy@10.0.0.5", `sshpass -p ${R("password")} ssh deploy@10.0.0.5`],
  ["docker login -p", "docker login -u me -p hunter2 registry.io", `docker login -u me -p ${R("password")} registry.io`],
  ["docker login --password", "docker login --password hunter2 registry.io", `docker login --password ${R("password")} registry.io`],
  ["redis url without user", "redis://:s3cr3tPass@cache.internal:6379", `redis://:${R("url-password")}@cache.internal:6379`],
  ["markdown table with a label", "| staging db | password | hunter2 |", `| staging db | password | ${R("password")} |`],
  ["markdown table", "| password | hunter2 |", `| password | ${R("password")} |`],
  // The Bot API puts the token in the path, glued to `bot`: how it shows in a curl line or a webhook.
  [
    "telegram token in a bot api url",
    `curl https://api.telegram.org/bot${fake("123456789:AA", 33)}/sendMessage`,
    `curl https://api.telegram.org/bot${R("telegram-token")}/sendMessage`,
  ],
  ["telegram token ending in a dash", `token ${fake("1234567890:AA", 32)}- set`, `token ${R("telegram-token")} set`],
];

const ASSIGNMENTS: [string, string, string][] = [
  ["env", "DB_PASSWORD=hunter2", `DB_PASSWORD=${R("password")}`],
  ["export", 'export X_TOKEN="a9f8e7d6c5b4"', `export X_TOKEN="${R("token")}"`],
  ["yaml", "  password: hunter2", `  password: ${R("password")}`],
  ["yaml mixed case", "Password: Tr0ub4dor", `Password: ${R("password")}`],
  ["json", '{"api_key": "a1b2c3d4e5f6"}', `{"api_key": "${R("api-key")}"}`],
  ["json apikey", '{"apikey":"a1b2c3d4e5f6"}', `{"apikey":"${R("api-key")}"}`],
  ["toml", 'secret = "8fA2kQ9zLm3x"', `secret = "${R("secret")}"`],
  ["camelCase", 'const dbPassword = "hunter2";', `const dbPassword = "${R("password")}";`],
  ["php array", "'passwd' => 'hunter2',", `'passwd' => '${R("password")}',`],
  ["pwd", "MYSQL_PWD=hunter2", `MYSQL_PWD=${R("password")}`],
  ["pass after a separator", "DB_PASS=hunter2", `DB_PASS=${R("password")}`],
  ["access_token", "access_token: ya9x8w7v6u5t", `access_token: ${R("token")}`],
  ["auth_token upper case", "AUTH_TOKEN=ya9x8w7v6u5t", `AUTH_TOKEN=${R("token")}`],
  ["connection string", "Server=db;User Id=app;Password=hunter2;", `Server=db;User Id=app;Password=${R("password")};`],
  ["quoted with spaces", 'password: "correct horse battery staple"', `password: "${R("password")}"`],
  ["cli --password", "wget --password hunter2 https://x.example", `wget --password ${R("password")} https://x.example`],
  ["cli --token=", "gh api --token=a9f8e7d6c5b4", `gh api --token=${R("token")}`],
  ["cli --api-key", "tool --api-key a1b2c3d4e5f6", `tool --api-key ${R("api-key")}`],
  ["mysql -p attached", "mysql -u root -phunter2 app", `mysql -u root -p${R("password")} app`],
  ["mysql -p spaced", "mysql -u root -p hunter2", `mysql -u root -p ${R("password")}`],
  ["curl -u", "curl -u admin:hunter2 https://ci.internal", `curl -u admin:${R("password")} https://ci.internal`],
  ["url with user", "postgres://admin:s3cr3tPass@db.internal:5432/app", `postgres://admin:${R("url-password")}@db.internal:5432/app`],
  ["url with @ in the password", "amqp://bus:p@ss2word@mq.internal/vhost", `amqp://bus:${R("url-password")}@mq.internal/vhost`],
  ["bearer header", `Authorization: Bearer ${fake("", 32)}`, `Authorization: Bearer ${R("bearer-token")}`],
  ["token header", `Authorization: Token ${fake("", 40, "hex")}`, `Authorization: Token ${R("token")}`],
  ["x-api-key header", "X-Api-Key: a1b2c3d4e5f6g7h8", `X-Api-Key: ${R("api-key")}`],
  ["plain language", "the password for staging is hunter2, ask Dana", `the password for staging is ${R("password")}, ask Dana`],
  ["plain language, colon", "Password for the staging db: hunter2.", `Password for the staging db: ${R("password")}.`],
  ["plain language, changed to", "changed the password to Tr0ub4dor&3 today", `changed the password to ${R("password")} today`],
  ["plain language, token", "the deploy token is 9f8e7d6c5b4a3f2e1d0c.", `the deploy token is ${R("token")}.`],
  ["plain language, was set to", "Decided the DB password was set to Blue7Gold today.", `Decided the DB password was set to ${R("password")} today.`],
  ["plain language, got changed to", "Decided the password got changed to Fal7con99.", `Decided the password got changed to ${R("password")}.`],
  ["plain language, a dash", "Decided Password - Dash456Pw", `Decided Password - ${R("password")}`],
  ["a bare pass as the key", "user admin, pass: Zebra$Lion99", `user admin, pass: ${R("password")}`],
  ["a bare pass as a list item", "- pass: Zebra$Lion99", `- pass: ${R("password")}`],
  // Typed through a word processor: non-breaking hyphens (U+2011) where the key has `-`.
  ["a key with look-alike hyphens", `key ${fake("sk\u2011ant\u2011api03\u2011", 40)} ok`, `key ${R("anthropic-key")} ok`],
  // Characters that show nothing split a key into parts no rule finds alone: the marker covers them too.
  ["a key split by a zero-width space", `key ${fake("sk-proj-ab12\u200bcd", 40)} ok`, `key ${R("openai-key")} ok`],
  ["a key split by soft hyphens and joiners", `token ${fake("gh\u00adp_", 12)}\u2060${fake("", 24)} ok`, `token ${R("github-token")} ok`],
  ["a password with a zero-width joiner", "the password for staging is hun\u200dter2, ask Dana", `the password for staging is ${R("password")}, ask Dana`],
  // Taken out, an invisible character would glue the key to the word beside it: it is also looked for as it stands.
  ["a key beside a zero-width space", "id AKIAQWERTYUIOPASDFGH\u200bok", `id ${R("aws-access-key")}\u200bok`],
  ["a key after a soft hyphen", "x\u00adAKIAQWERTYUIOPASDFGH done", `x\u00ad${R("aws-access-key")} done`],
  ["invisible characters and no secret", "family 👨\u200d👩\u200d👧 and a word\u00adbreak", "family 👨\u200d👩\u200d👧 and a word\u00adbreak"],
  // secretlint 11.7.1 reports this one from the start of the key name: the name must survive.
  ["aws secret key", `AWS_SECRET_ACCESS_KEY=${fake("", 40)}`, `AWS_SECRET_ACCESS_KEY=${R("aws-secret-key")}`],
  // The key's end shows only once the webhook after it is a marker: a second pass finds it.
  [
    "two secrets glued together",
    `${fake("SK", 32, "hex")}https://hooks.slack.com/services/T0123ABCD/B0456EFGH/${fake("", 24)}`,
    `${R("twilio-key")}${R("slack-webhook")}`,
  ],
];

// What may stand between a key's name and its value: logs hold code, escaped JSON, markdown and CJK text.
const SEPARATORS: [string, string, string][] = [
  ["env name with underscores before _KEY", `AZURE_OPENAI_KEY=${fake("", 32, "hex")}`, `AZURE_OPENAI_KEY=${R("api-key")}`],
  ["_KEY name in yaml", `  MAPBOX_KEY: ${fake("", 40)}`, `  MAPBOX_KEY: ${R("api-key")}`],
  ["_KEY name in json", `{"MEILI_MASTER_KEY": "${fake("", 40)}"}`, `{"MEILI_MASTER_KEY": "${R("api-key")}"}`],
  ["escaped json in a string", `"{\\"api_key\\":\\"${fake("", 32, "hex")}\\"}"`, `"{\\"api_key\\":\\"${R("api-key")}\\"}"`],
  [
    "escaped json password",
    `{"body": "{\\"user\\":\\"admin\\",\\"password\\":\\"hunter2\\"}"}`,
    `{"body": "{\\"user\\":\\"admin\\",\\"password\\":\\"${R("password")}\\"}"}`,
  ],
  ["python subscript", `os.environ["DB_PASSWORD"] = "hunter2"`, `os.environ["DB_PASSWORD"] = "${R("password")}"`],
  ["js subscript", `headers['X-Api-Key'] = '${fake("", 32, "hex")}';`, `headers['X-Api-Key'] = '${R("api-key")}';`],
  ["markdown bold label", "**Password:** hunter2", `**Password:** ${R("password")}`],
  ["markdown bold name", "- **Token**: `a9f8e7d6c5b4a3f2e1d0`", `- **Token**: \`${R("token")}\``],
  ["markdown bold label with a space", `**API Key:** ${fake("", 32)}`, `**API Key:** ${R("api-key")}`],
  ["markdown bold access token", `- **Access Token**: \`${fake("", 40)}\``, `- **Access Token**: \`${R("token")}\``],
  ["full-width colon", `api_key：${fake("", 32, "hex")}`, `api_key：${R("api-key")}`],
  ["full-width colon, password", "password：hunter2", `password：${R("password")}`],
  // A secret set by name and value, as Kubernetes, ECS task definitions and browser cookie dumps write it.
  ["kubernetes env entry", '- name: DB_PASSWORD\n  value: "hunter2"', `- name: DB_PASSWORD\n  value: "${R("secret")}"`],
  [
    "task definition env entry",
    `{"environment":[{"name":"API_TOKEN","value":"${fake("", 40)}"}]}`,
    `{"environment":[{"name":"API_TOKEN","value":"${R("secret")}"}]}`,
  ],
  ["session cookie entry", `[{"name": "sessionid", "value": "${fake("", 32)}"}]`, `[{"name": "sessionid", "value": "${R("secret")}"}]`],
  ["a setting that is no secret", '- name: MAX_TOKENS\n  value: "4096"', '- name: MAX_TOKENS\n  value: "4096"'],
  // An MCP server's command line in its JSON config: the flag and its value are two strings of an array.
  [
    "flag and value in a json array",
    `"args": ["-y", "@acme/mcp-server", "--api-key", "${fake("", 40)}"]`,
    `"args": ["-y", "@acme/mcp-server", "--api-key", "${R("api-key")}"]`,
  ],
  ["token flag in a json array", `["--token","${fake("", 40)}"]`, `["--token","${R("token")}"]`],
  ["xml element", "<server><id>repo</id><password>hunter2</password></server>", `<server><id>repo</id><password>${R("password")}</password></server>`],
  ["xml element named for a key", `<apiKey>${fake("", 32)}</apiKey>`, `<apiKey>${R("api-key")}</apiKey>`],
  // Tokens whose prefix names the service, as agents paste them into shell commands.
  ["pypi token", `twine upload -p ${fake("pypi-AgEIcHlwaS5vcmc", 120)} dist/*`, `twine upload -p ${R("service-token")} dist/*`],
  [
    "docker hub token",
    `echo ${fake("dckr_pat_", 27)} | docker login -u me --password-stdin`,
    `echo ${R("service-token")} | docker login -u me --password-stdin`,
  ],
  ["tailscale auth key", `sudo tailscale up --authkey=${fake("tskey-auth-", 40)}`, `sudo tailscale up --authkey=${R("service-token")}`],
  ["vault token", `VAULT_TOKEN=${fake("hvs.", 90)} vault read`, `VAULT_TOKEN=${R("service-token")} vault read`],
  ["age secret key", `key ${fake("AGE-SECRET-KEY-1", 58).toUpperCase()}`, `key ${R("service-token")}`],
  [
    "bullets after a BEGIN line named in prose",
    "The file starts with -----BEGIN PRIVATE KEY-----\n- Permissions: 600\n- Owner: deploy\nNext step: deploy",
    `The file starts with ${R("private-key")}\n- Permissions: 600\n- Owner: deploy\nNext step: deploy`,
  ],
  // A PEM key encoded again in base64 (`kubectl config view --raw`, a Kubernetes secret), folded or not.
  [
    "private key in a kubeconfig",
    `    client-key-data: ${Buffer.from(`-----BEGIN RSA PRIVATE KEY-----\n${fake("MIIEow", 64)}\n-----END RSA PRIVATE KEY-----\n`).toString("base64")}\n    token: none`,
    `    client-key-data: ${R("private-key")}\n    token: none`,
  ],
  [
    "words on the lines after a key in base64",
    `key: ${Buffer.from(`-----BEGIN PRIVATE KEY-----\n${fake("MIIEvQ", 64)}\n`).toString("base64")}\nDone\nok`,
    `key: ${R("private-key")}\nDone\nok`,
  ],
  // `openssl rand -base64` passwords hold `/` and `+`; pasted into a URL unencoded, they are still its password.
  [
    "url password with a slash",
    "DATABASE_URL=postgresql://app:Zm9v/YmFy+cXV4=@db.internal:5432/app",
    `DATABASE_URL=postgresql://app:${R("url-password")}@db.internal:5432/app`,
  ],
  ["url password with a hash", "redis://:ab#cd9x@cache:6379", `redis://:${R("url-password")}@cache:6379`],
  [
    "a port and a path are no password",
    "open http://localhost:8080/users/@me and https://h.example:443/a?b=@c",
    "open http://localhost:8080/users/@me and https://h.example:443/a?b=@c",
  ],
  // A token as a URL's whole user, or as the password of a user named like a token.
  ["token as a url's user", `git clone https://${fake("", 40, "hex")}@github.com/o/r.git`, `git clone https://${R("url-token")}@github.com/o/r.git`],
  [
    "token after x-access-token in a url",
    `git clone https://x-access-token:${fake("", 40, "hex")}@github.com/o/r.git now`,
    `git clone https://x-access-token:${R("url-password")}@github.com/o/r.git now`,
  ],
  // Labels in the languages agents log in: the value after them is as much a secret.
  ["chinese password label", "数据库密码：Zebra7Lion", `数据库密码：${R("password")}`],
  ["japanese password label", "パスワード: Zebra7Lion", `パスワード: ${R("password")}`],
  ["korean password label", "비밀번호: Zebra7Lion", `비밀번호: ${R("password")}`],
  ["chinese key label", `API密钥：${fake("", 32)}`, `API密钥：${R("secret")}`],
  ["chinese token label", `访问令牌: ${fake("", 32)}`, `访问令牌: ${R("token")}`],
  ["chinese password is", "root的密码是Zebra7Lion，别外传", `root的密码是${R("password")}，别外传`],
  ["japanese password wa", "パスワードは Zebra7Lion です", `パスワードは ${R("password")} です`],
  ["chinese private key label", `私钥: ${fake("", 40)}`, `私钥: ${R("secret")}`],
  ["corner quotes", "密码：「Zebra7Lion」", `密码：「${R("password")}」`],
  // A session cookie is a credential: whoever holds it is logged in.
  ["cookie header", `Cookie: theme=dark; sessionid=${fake("", 32)}; lang=en`, `Cookie: theme=dark; sessionid=${R("session-cookie")}; lang=en`],
  ["session cookie without a space", `curl -H "Cookie:sessionid=${fake("", 32)}" https://app`, `curl -H "Cookie:sessionid=${R("session-cookie")}" https://app`],
  ["flask session cookie", `Cookie: session=${fake("", 32)}.ZxYz`, `Cookie: session=${R("session-cookie")}`],
  ["drupal session cookie", `Cookie: SSESS${fake("", 32, "hex")}=${fake("", 32)}`, `Cookie: SSESS${fake("", 32, "hex")}=${R("session-cookie")}`],
  [
    "openssl -password quoted",
    "openssl pkcs12 -export -out c.p12 -password 'pass:Zebra7Lion'",
    `openssl pkcs12 -export -out c.p12 -password 'pass:${R("password")}'`,
  ],
  ["openssl -k", "openssl enc -aes-256-cbc -in f -out f.enc -k Zebra7Lion", `openssl enc -aes-256-cbc -in f -out f.enc -k ${R("password")}`],
  ["unzip -qP", "unzip -qP Zebra7Lion a.zip", `unzip -qP ${R("password")} a.zip`],
  ["rails session cookie", `Cookie: _myapp_session=${fake("", 40)}--${fake("", 20)}`, `Cookie: _myapp_session=${R("session-cookie")}`],
  [
    "set-cookie header",
    `< Set-Cookie: connect.sid=s%3A${fake("", 40)}; Path=/; HttpOnly`,
    `< Set-Cookie: connect.sid=${R("session-cookie")}; Path=/; HttpOnly`,
  ],
  [
    "key in a query string",
    `GET https://api.example.com/1/boards?key=${fake("", 32, "hex")}&fields=name`,
    `GET https://api.example.com/1/boards?key=${R("api-key")}&fields=name`,
  ],
  // Tools that take a password in a flag of their own.
  [
    "openssl pass:",
    "openssl pkcs12 -export -in c.pem -passout pass:Zebra7Lion -out c.p12",
    `openssl pkcs12 -export -in c.pem -passout pass:${R("password")} -out c.p12`,
  ],
  ["mongosh -p", "mongosh --host db -u admin -p Zebra7Lion", `mongosh --host db -u admin -p ${R("password")}`],
  ["sqlcmd -P", "sqlcmd -S db -U sa -P 'Zebra7Lion' -Q 'select 1'", `sqlcmd -S db -U sa -P '${R("password")}' -Q 'select 1'`],
  ["7z -p", "7z a -pZebra7Lion backup.7z data/", `7z a -p${R("password")} backup.7z data/`],
  // Temporary AWS credentials carry a session token of 700 characters and more: none of it may stay.
  ["long quoted token", `export AWS_SESSION_TOKEN="${fake("IQoJb3JpZ2luX2Vj", 900)}"`, `export AWS_SESSION_TOKEN="${R("token")}"`],
  ["long bare token", `AWS_SESSION_TOKEN=${fake("IQoJb3JpZ2luX2Vj", 900)} next`, `AWS_SESSION_TOKEN=${R("token")} next`],
  // Tokens whose prefix names the service.
  ["square token", `SQUARE ${fake("sq0atp-", 22)}`, `SQUARE ${R("service-token")}`],
  ["doppler token", `DOPPLER_TOKEN ${fake("dp.st.", 43)}`, `DOPPLER_TOKEN ${R("service-token")}`],
  ["databricks token", `host + ${fake("dapi", 32, "hex")}`, `host + ${R("service-token")}`],
  ["firebase server key", `fcm ${fake("AAAA", 7)}:${fake("APA91b", 134)}`, `fcm ${R("service-token")}`],
  ["google refresh token", `refresh 1//0${fake("g", 60)}`, `refresh ${R("google-oauth")}`],
  ["grafana cloud token", `grafana ${fake("glc_", 40)}`, `grafana ${R("service-token")}`],
  ["airtable token", `airtable ${fake("pat", 14)}.${fake("", 64, "hex")}`, `airtable ${R("service-token")}`],
  ["figma token", `figma ${fake("figd_", 40)}`, `figma ${R("service-token")}`],
  ["pulumi token", `pulumi ${fake("pul-", 40, "hex")}`, `pulumi ${R("service-token")}`],
  ["supabase secret key", `supabase ${fake("sb_secret_", 32)}`, `supabase ${R("service-token")}`],
  // Credentials in the files and commands that hold them.
  [
    "registry auth in docker's config",
    `{"auths": {"ghcr.io": {"auth": "${Buffer.from("me:Zebra7Lion").toString("base64")}"}}}`,
    `{"auths": {"ghcr.io": {"auth": "${R("basic-auth")}"}}}`,
  ],
  ["npm _auth", `//registry.npmjs.org/:_auth=${Buffer.from("me:Zebra7Lion").toString("base64")}`, `//registry.npmjs.org/:_auth=${R("basic-auth")}`],
  ["pgpass line", "db.internal:5432:app:appuser:Zebra7Lion!", `db.internal:5432:app:appuser:${R("password")}`],
  ["password piped to a login", 'echo "Zebra7Lion" | docker login -u me --password-stdin', `echo "${R("password")}" | docker login -u me --password-stdin`],
  ["gh secret set --body", 'gh secret set DEPLOY_KEY --body "8fA2kQ9zLm3xP0"', `gh secret set DEPLOY_KEY --body "${R("secret")}"`],
  ["doppler token of an environment", `DOPPLER_TOKEN=${fake("dp.st.prd.", 43)}`, `DOPPLER_TOKEN=${R("service-token")}`],
  ["aws configure set", `aws configure set aws_secret_access_key ${fake("", 40)}`, `aws configure set aws_secret_access_key ${R("aws-secret-key")}`],
  ["aws session token as aws configure asks", `AWS Session Token [None]: ${fake("IQoJb3JpZ2luX2Vj", 300)}`, `AWS Session Token [None]: ${R("token")}`],
  ["github's session cookie", `Set-Cookie: user_session=${fake("", 32)}; path=/`, `Set-Cookie: user_session=${R("session-cookie")}; path=/`],
  ["session id in a dict", `{"session_id": "${fake("", 32)}"}`, `{"session_id": "${R("session-cookie")}"}`],
  ["password as a here-string", 'docker login -u me --password-stdin <<< "Zebra7Lion"', `docker login -u me --password-stdin <<< "${R("password")}"`],
  ["password through printf", `printf '%s' "Zebra7Lion" | docker login --password-stdin`, `printf '%s' "${R("password")}" | docker login --password-stdin`],
  ["secret piped to gh", "echo Zebra7Lion | gh secret set DB_PASSWORD", `echo ${R("password")} | gh secret set DB_PASSWORD`],
  ["gh secret set -b attached", "gh secret set X -b8fA2kQ9zLm3xP0", `gh secret set X -b${R("secret")}`],
  ["pgpass line quoted in a list", "- `db.internal:5432:app:appuser:Zebra7Lion`", `- \`db.internal:5432:app:appuser:${R("password")}\``],
  ["password after a blank line, with a comment", "Password:\n\n  Zebra7Lion  # prod", `Password:\n\n  ${R("password")}  # prod`],
  ["japanese password before da yo", "パスワードはx9Lion7だよ", `パスワードは${R("password")}だよ`],
  ["chinese password before ma", "密码是x9Lion7吗", `密码是${R("password")}吗`],
  ["korean password before igo", "비밀번호는 x9Lion7이고 사용자는 admin", `비밀번호는 ${R("password")}이고 사용자는 admin`],
  // Labels in the other languages agents log in.
  ["german password", "Das Passwort für Staging lautet Zebra7Lion.", `Das Passwort für Staging lautet ${R("password")}.`],
  ["german password label", "Kennwort: Zebra7Lion", `Kennwort: ${R("password")}`],
  ["french password", "le mot de passe de la base est Zebra7Lion", `le mot de passe de la base est ${R("password")}`],
  ["french password in guillemets", "mot de passe : « Zebra7Lion »", `mot de passe : « ${R("password")} »`],
  ["spanish password", "la contraseña es Zebra7Lion", `la contraseña es ${R("password")}`],
  ["portuguese password", "a senha é Zebra7Lion", `a senha é ${R("password")}`],
  ["dutch password", "wachtwoord: Zebra7Lion", `wachtwoord: ${R("password")}`],
  ["swedish password", "LÖSENORD: Zebra7Lion", `LÖSENORD: ${R("password")}`],
  ["russian password", "Пароль от базы — Zebra7Lion", `Пароль от базы — ${R("password")}`],
  ["german api key", `API-Schlüssel: ${fake("", 32)}`, `API-Schlüssel: ${R("token")}`],
  ["french api key", `clé d'API : ${fake("", 32)}`, `clé d'API : ${R("token")}`],
  ["a user and a password after a label", "creds: admin/Zebra7Lion for staging", `creds: admin/${R("password")} for staging`],
  ["german credentials", "Zugangsdaten: admin / Zebra7Lion", `Zugangsdaten: admin / ${R("password")}`],
  ["a totp seed", "TOTP seed JBSWY3DPEHPK3PXPJBSWY3DP", `TOTP seed ${R("secret")}`],
  ["german password in bold", "**Passwort:** Zebra7Lion", `**Passwort:** ${R("password")}`],
  ["german password on the next line", "Passwort:\n  Zebra7Lion", `Passwort:\n  ${R("password")}`],
  ["quoted german password with a space", "Passwort: 'Zebra7 Lion!'", `Passwort: '${R("password")}'`],
  [
    "a password after a long about",
    "Das Passwort für den neuen Datenbankserver in Prod lautet Zebra7Lion",
    `Das Passwort für den neuen Datenbankserver in Prod lautet ${R("password")}`,
  ],
  ["french password for a user", "mot de passe pour l'utilisateur root : Zebra7Lion", `mot de passe pour l'utilisateur root : ${R("password")}`],
  ["nordic password, definite", "lösenordet är Zebra7Lion", `lösenordet är ${R("password")}`],
  ["turkish password", "veritabanı şifresi: Zebra7Lion", `veritabanı şifresi: ${R("password")}`],
  ["russian password with cyrillic letters", "пароль это Зебра7Лев", `пароль это ${R("password")}`],
  ["german secret key", `Geheimer Schlüssel: ${fake("", 32)}`, `Geheimer Schlüssel: ${R("token")}`],
  ["french access token", `jeton d'accès : ${fake("", 32)}`, `jeton d'accès : ${R("token")}`],
  ["german password in a table", "| Staging-DB | Passwort | Zebra7Lion |", `| Staging-DB | Passwort | ${R("password")} |`],
  // A terminal wraps a long key onto the next line.
  [
    "a key wrapped by the terminal",
    `export OPENAI_API_KEY=${fake("sk-proj-", 50)}\n${fake("", 30)}\nnext`,
    `export OPENAI_API_KEY=${R("openai-key")}\n${R("openai-key")}\nnext`,
  ],
  [
    "the line after a key that did not wrap",
    `OPENAI_API_KEY=${fake("sk-proj-", 50)}\nANTHROPIC_API_KEY_2\n${fake("sk-proj-", 50)}\nnpm run build2x`,
    `OPENAI_API_KEY=${R("openai-key")}\nANTHROPIC_API_KEY_2\n${R("openai-key")}\nnpm run build2x`,
  ],
  // A word of prose between the label and the value.
  ["a password after a word of prose", "Password: use Tr0ub4dor&3 for staging", `Password: use ${R("password")} for staging`],
  // What `aws configure` prints and asks, pasted from a terminal.
  [
    "aws configure transcript",
    `AWS Access Key ID [None]: ${fake("AKIA", 16).toUpperCase()}\nAWS Secret Access Key [****************ABCD]: ${fake("", 40)}\nDefault region name [None]: eu-west-1`,
    `AWS Access Key ID [None]: ${R("aws-access-key")}\nAWS Secret Access Key [****************ABCD]: ${R("aws-secret-key")}\nDefault region name [None]: eu-west-1`,
  ],
  // Session cookies as a cookie jar and as a dict hold them.
  [
    "cookie jar line",
    `# Netscape HTTP Cookie File\n#HttpOnly_.app.example.com\tTRUE\t/\tTRUE\t1767225600\tsessionid\t${fake("", 32)}\n.app.example.com\tTRUE\t/\tFALSE\t0\ttheme\tdark`,
    `# Netscape HTTP Cookie File\n#HttpOnly_.app.example.com\tTRUE\t/\tTRUE\t1767225600\tsessionid\t${R("session-cookie")}\n.app.example.com\tTRUE\t/\tFALSE\t0\ttheme\tdark`,
  ],
  [
    "cookie dict",
    `requests.get(url, cookies={"sessionid": "${fake("", 32)}", "lang": "en"})`,
    `requests.get(url, cookies={"sessionid": "${R("session-cookie")}", "lang": "en"})`,
  ],
  ["php session in a dict", `{'PHPSESSID': '${fake("", 26)}'}`, `{'PHPSESSID': '${R("session-cookie")}'}`],
  // Japanese and Korean end the sentence right after the value.
  ["japanese password before desu", "パスワードはZebra7Lionです", `パスワードは${R("password")}です`],
  ["korean password before imnida", "비밀번호는 Zebra7Lion입니다", `비밀번호는 ${R("password")}입니다`],
  // A label alone on its line, the value alone on the next.
  ["password on the line after its label", "Staging DB password:\n  Tr0ub4dor&3\nrotated monthly", `Staging DB password:\n  ${R("password")}\nrotated monthly`],
  ["password after a bold label", "- **Password for the staging db**:\n  `Zebra7Lion!`", `- **Password for the staging db**:\n  \`${R("password")}\``],
  ["short password after its label", "The password is:\nhunter2", `The password is:\n${R("password")}`],
  ["key on the line after a heading", `## API Key:\n${fake("", 32)}`, `## API Key:\n${R("token")}`],
];

// Text a rule must leave as it is, each once taken for a secret by a rule too eager.
const NOT_SECRETS: [string, string][] = [
  ["a setting whose name holds a secret word", "- name: MAX_TOKENS\n  value: unlimited"],
  ["a timeout named for the session", '{"name": "sessionTimeout", "value": "30min"}'],
  ["a file named for a key", "- name: API_KEY_FILE\n  value: keys/api.txt"],
  ["chinese prose after a full-width colon", "GitHub token：需要在Settings里生成，然后配置到CI。"],
  ["japanese prose after a full-width colon", "password：環境変数から読む。次のステップはdeploy"],
  ["a flag after a flag in a json array", 'CMD ["pg_dump", "--no-password", "--format", "custom"]'],
  ["a variable after a flag in code", 'cmd = ["tool", "--api-key", api_key, "--model", model]'],
  ["a cache key", "CACHE_KEY: node-modules-v2-20240101"],
  ["an object key", "S3_OBJECT_KEY=uploads/2024/01/report-final-v2.pdf"],
  ["a publishable key", `STRIPE_PUBLISHABLE_KEY=${fake("pk_test_", 24)}`],
  ["an xml element of prose", "<ResetPassword>Click here to reset</ResetPassword>"],
  ["an input of type password", "<input type=password>Enter</input>"],
  ["a local ipv6 url", "  Local:   http://[::1]:5173/@vite/client"],
  ["a package url", "npm i https://registry.example.com:x/pkg@1.0.0"],
  ["a user in a url", "ssh://git@github.com/o/r and https://dana.lee@example.com/"],
  ["prose after a bold label", "**API Key:** stored in Vault, see 1Password item 42"],
  ["a session named in a query", "open https://conf.example/talks?session=keynote-and-closing-panel&day=2"],
  ["session names that are no cookies", "export TMUX_SESSION=my-dev-environment-01; INFO session_id=7c9e6679-7425-40de-944b-e07cc1f2fba3"],
  ["a cookie that is no session", "Cookie: theme=dark; lang=en-US; tz=Europe/Paris"],
  ["a short query key", "open https://example.com/search?key=value&page=2"],
  ["chinese prose after a password label", "密码：存储在Vault中，不要提交。"],
  ["a technical word after a cjk label", "トークン: refresh tokenを使う、令牌：localStorage里存着、密码：bcrypt加密存储"],
  ["a model name after a cjk label", "トークン: gpt-4o-miniで計測、令牌数: 4096、加密密钥：AES-256-GCM、密码: SHA256哈希后存储"],
  ["a rule after a cjk password label", "パスワード: 8文字以上、密码: 6位数字、修改密码: POST /api/users/me/password"],
  ["a cjk table of counts", "| 項目 | 値 |\n|---|---|\n| トークン | 1200 |"],
  ["a port mapping after mongo", "docker run -d --name mongo -p 27017:27017 mongo:7"],
  ["a flag after mongosh -p", "mongosh -u admin -p --authenticationDatabase admin"],
  ["an archive after 7z -p", "7z a -p backup.7z data/"],
  ["a zip file's name is no tool", "wget https://example.com/data.zip -P downloads"],
  ["cache and object keys in a query", "GET /cache?key=user_profile_12345_v2 and /t?key=report-2024-05-01-final&auth=oauth2_github_callback"],
  ["compiler output", "src/main.ts:42:10:error:TS2345 and 12:30:45:000:abc"],
  ["auth words", '"auth": "oauth2", auth=required, echo "$PW" | docker login --password-stdin'],
  [
    "a label's neighbours that are no secret",
    "Tokens:\n  gpt-4o-2024-08-06\nSecret name:\n  prod/db-credentials-v2\nPassword hashing:\n  argon2id\nPassword requirement:\n  min12chars!\n" +
      "Secret key rotation:\n  every-90-days\ntoken usage by model:\n  claude-3-5-sonnet-20241022",
  ],
  ["rows that look like a pgpass or a cookie jar", "web01:8080:nginx:running:healthy\nfeature_x\tTRUE\tbeta\tFALSE\t42\towner\tteam-platform-2024"],
  ["sessions that are no cookies", '{"session": "2024-06-12-keynote-track-b", "sid": "S-1-5-21-3623811015-3361044348-30300820-1013"}'],
  ["a model or a format before a copula", "トークンはgpt4o-miniです、トークンはJWT-RS256です、토큰은 v2-format입니다"],
  ["a long identifier", "EAAccessibilityServiceInfoManagerImplementationBuilderFactoryAbstractSingletonProxyBeanFactoryConfigurerX"],
  ["a short value piped to a login", "echo x | docker login -u me --password-stdin"],
  [
    "prose after labels in other languages",
    "Passwort: siehe Vault. Die Passwortrichtlinie: 12 Zeichen. Passwort: SHA256-gehasht. mot de passe : dans 1Password. " +
      "palabra clave: Python3. токен: 4096. API-Schlüssel: im Tresor.",
  ],
  [
    "words that only hold a local label",
    "passwort_v2.txt, https://example.com/passwort/reset?id=42abc, Passwort-Reset-Link-v2, пароль123abc, " +
      "Passwort für Nutzer admin2 zurückgesetzt, пароль от почты admin@mail.ru сброшен",
  ],
  [
    "local counts and descriptions",
    "Passwort: 12Zeichen. Mot de passe : 12caractères. Passwort: 16-stellig. Passwort: 2FA-geschützt. jeton : gpt-4o-mini-2024-07-18",
  ],
  ["labels that seed no codes", "MFA key ENFORCEMENTENABLED, mfa key: notconfiguredyet, Login: POST /auth/v2, login: admin/settings2"],
  ["a german table of changes", "| Passwort | geändert |\n| Passwort | 12Zeichen mindestens |"],
  ["a word of prose before no password", "password: required 12chars. Password: use 1Password. Password: see ticket JIRA-1234. password: stored in Vault2024"],
  ["pairs that are no credentials", "credentials: see vault/prod-db, login: admin/2024, TOTP seed rotation is due"],
  ["prose after a label", "Password: see the vault. Token: expires tomorrow. API key: ask Dana"],
  // Code passes a secret on by the variable it is named for.
  ["a variable named as its key", "client = Client(api_key=api_key, password=password)\nconst c = { apiKey: apiKey, dbPassword: db_password };"],
  ["a session in json that is no cookie", '{"session": "keynote-and-closing-panel", "sid": "42"}'],
  ["a cookie jar's short values", ".example.com\tTRUE\t/\tFALSE\t0\ttheme\tdark\n.example.com\tTRUE\t/\tFALSE\t0\tlang\ten-US"],
  ["a technical word before a japanese particle", "パスワードはabc123形式で、トークンはJWTです"],
  [
    "prose on the line after a label",
    "Password:\n- rotate it every 90 days\nToken:\ngpt-4o-mini\nAPI key:\nsee 1Password item 42\nsecret:\n  v2.3.4\nToken usage:\n  4096/8192\npassword:\n  $DB_PASSWORD",
  ],
];

describe("redactSecrets: forms", () => {
  it.each(NOT_SECRETS)("leaves %s", async (_name, input) => {
    expect((await redactSecrets(input)).text).toBe(input);
  });

  it.each([
    ["JSON-quoted", (key: string) => `{"key": "${key.replaceAll("\n", "\\n")}"}`],
    ["followed by an ellipsis", (key: string) => `${key}...`],
  ])("redacts the last line of a PEM key without END, %s", async (_name, wrap) => {
    const last = fake("AoGBaB", 40);
    const text = wrap(`-----BEGIN PRIVATE KEY-----\n${fake("MIIEow", 64)}\n${last}`);
    expect((await redactSecrets(text)).text).not.toContain(last);
  });

  it("redacts an encrypted PEM key without END, past the blank line after its headers", async () => {
    const body = fake("MIIEow", 64);
    const text = `-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,ABC\n\n${body}\n${fake("", 30)}`;
    const result = await redactSecrets(text);
    expect(result.text).not.toContain(body);
    expect(result.text.split("\n")).toHaveLength(text.split("\n").length);
  });

  it("keeps a JSON string whole when its value ends in a backslash", async () => {
    expect((await redactSecrets('{"password": "abc\\\\"}')).text).toBe('{"password": "[REDACTED:password]"}');
  });

  it("reads a name/value entry in time linear in its name", async () => {
    // Measured by what is redacted, not by the clock: a long name of secret words is read, and its value redacted.
    const text = `name: ${"token".repeat(20_000)}\nvalue: "${fake("", 24)}"`;
    expect((await redactSecrets(text)).kinds).toEqual(["secret"]);
  });

  it("reads a line of expect prompts in time linear in its length", { timeout: 10_000 }, async () => {
    // Tried at every `assword` with every place `send` could start, 100,000 characters of `expect.assword` took 14 s.
    for (const piece of ["expect.assword", "expect password ", "expect password send ", 'expect "password" {send "', "expect password child."]) {
      const line = piece.repeat(Math.ceil(200_000 / piece.length));
      expect((await redactSecrets(`${line}\nexpect "password:"\nsend "Zebra7Lion\\r"`)).text.endsWith(`send "${R("password")}\\r"`)).toBe(true);
    }
  });

  it.each([
    ["double", 'curl -u "admin:hunter2 https://ci.internal/api', `curl -u "admin:${R("password")} https://ci.internal/api`],
    ["single", "curl -u 'admin:hunter2 https://ci.internal/api", `curl -u 'admin:${R("password")} https://ci.internal/api`],
    ["closed", 'curl -u "admin:Zebra Lion7" https://ci.internal/api', `curl -u "admin:${R("password")}" https://ci.internal/api`],
  ])("redacts curl's password in a quote that never closes to the end of its word: %s", async (_name, text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it("reads a label in time linear in the words before it", async () => {
    // Split into words in every way, a run of `a_` before a label took the cube of its length: 26 s at 4,000 characters.
    const text = `${"a_".repeat(2_000)}password:\n  Zebra7Lion\n${"b-".repeat(2_000)}token:\n  Zebra7Lion\nAPI token:\n  ${fake("", 32)}`;
    expect((await redactSecrets(text)).text).toBe(text.replace(fake("", 32), R("token")));
  });

  it.each([...MISSED_BEFORE, ...ASSIGNMENTS, ...SEPARATORS])("%s", async (_name, input, expected) => {
    const result = await redactSecrets(input);
    expect(result.text).toBe(expected);
    expect(result.count).toBe(expected.split("[REDACTED:").length - 1);
  });

  it.each([
    ["terminated", `a\n-----BEGIN OPENSSH PRIVATE KEY-----\n${fake("b3Blbn", 70)}\n${fake("", 70)}\n-----END OPENSSH PRIVATE KEY-----\nb`],
    ["unterminated", `a\n-----BEGIN EC PRIVATE KEY-----\n${fake("MHcCAQ", 64)}\n${fake("", 30)}==\n\nthen I restarted nginx`],
    ["JSON-escaped", `{"private_key": "-----BEGIN PRIVATE KEY-----\\n${fake("MIIEvQ", 64)}\\n${fake("", 64)}\\n"}`],
    ["quoted in markdown", `> -----BEGIN RSA PRIVATE KEY-----\n> ${fake("MIIEow", 64)}\n> ${fake("", 20)}`],
    // A marker inside the key (a password redacted before): the key goes whole, the marker with it.
    ["marked", `a\n-----BEGIN RSA PRIVATE KEY-----\n${fake("MIIEow", 64)}\n${fake("", 20)}\nnote: [REDACTED:password]\n-----END RSA PRIVATE KEY-----\nb`],
    [
      "marked in its headers",
      `a\n-----BEGIN RSA PRIVATE KEY-----\n-X: [REDACTED:password]\n${fake("MIIEow", 64)}\n${fake("", 20)}\n-----END RSA PRIVATE KEY-----\nb`,
    ],
    // Cut short (a read of the first lines, a diff) and prefixed line by line as tools print files.
    ["numbered by cat -n, unterminated", `a\n     1\t-----BEGIN RSA PRIVATE KEY-----\n     2\t${fake("MIIEow", 64)}\n     3\t${fake("", 20)}`],
    ["numbered by a read tool, unterminated", `a\n     1→-----BEGIN RSA PRIVATE KEY-----\n     2→${fake("MIIEow", 64)}\n     3→${fake("", 20)}`],
    ["removed in a diff, unterminated", `@@ -1,3 +0,0 @@\n------BEGIN RSA PRIVATE KEY-----\n-${fake("MIIEow", 64)}\n-${fake("", 20)}`],
    [
      "marked, unterminated",
      `a\n-----BEGIN RSA PRIVATE KEY-----\nDEK-Info: [REDACTED:password]\n${fake("MIIEow", 64)}\n${fake("", 20)}\n\nthen I restarted nginx`,
    ],
  ])("redacts a %s PEM private key and keeps the line count", async (_name, text) => {
    const result = await redactSecrets(text);
    expect(result.kinds).toEqual(["private-key"]);
    expect(result.text).not.toContain(fake("", 20));
    expect(result.text.split("\n")).toHaveLength(text.split("\n").length);
    if (text.endsWith("nginx")) expect(result.text.endsWith("\n\nthen I restarted nginx")).toBe(true);
  });

  it("redacts a PEM private key encoded in base64 and folded, every line of it", async () => {
    const encoded = Buffer.from(`-----BEGIN PRIVATE KEY-----\n${fake("MIIEvQ", 64)}\n${fake("", 40)}\n-----END PRIVATE KEY-----\n`).toString("base64");
    const lines = encoded.match(/.{1,60}/g)!;
    const text = `data:\n  tls.key: ${lines.join("\n    ")}\nkind: Secret`;
    const result = await redactSecrets(text);
    expect(result.kinds).toEqual(["private-key"]);
    for (const line of lines) expect(result.text).not.toContain(line);
    expect(result.text.split("\n")).toHaveLength(text.split("\n").length);
    expect(result.text.endsWith("\nkind: Secret")).toBe(true);
  });
});
