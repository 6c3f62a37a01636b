# The app's one activity, in smali (assembled by Debian's smali, no Java compiler): a WebView
# showing the page that the app's native server (lib/<abi>/libcotuong.so, the Go program
# frontends/android/apk/localserver) serves on 127.0.0.1. Each Android call names the API level
# that introduced it; the highest is 19 (evaluateJavascript), below the app's minSdk of 24.
# {{.FailedURL}} and {{.BackJS}} are filled in by frontends/android/apk.
.class public Lcom/github/cotuongai/xiangqi/MainActivity;
.super Landroid/app/Activity;
.source "MainActivity.smali"

.field private web:Landroid/webkit/WebView;

.method public constructor <init>()V
    .registers 1
    invoke-direct {p0}, Landroid/app/Activity;-><init>()V
    return-void
.end method

# onCreate makes the WebView (JavaScript and DOM storage on: the save is in localStorage),
# starts the server and loads the one line it prints: the page's URL, or a data: URL of a page
# saying why the game could not start; when the server cannot even be started, a fixed page
# saying so.
.method protected onCreate(Landroid/os/Bundle;)V
    .registers 8
    invoke-super {p0, p1}, Landroid/app/Activity;->onCreate(Landroid/os/Bundle;)V # API 1

    new-instance v0, Landroid/webkit/WebView;
    invoke-direct {v0, p0}, Landroid/webkit/WebView;-><init>(Landroid/content/Context;)V # API 1
    iput-object v0, p0, Lcom/github/cotuongai/xiangqi/MainActivity;->web:Landroid/webkit/WebView;
    invoke-virtual {v0}, Landroid/webkit/WebView;->getSettings()Landroid/webkit/WebSettings; # API 1
    move-result-object v1
    const/4 v2, 0x1
    invoke-virtual {v1, v2}, Landroid/webkit/WebSettings;->setJavaScriptEnabled(Z)V # API 1
    invoke-virtual {v1, v2}, Landroid/webkit/WebSettings;->setDomStorageEnabled(Z)V # API 7
    new-instance v1, Landroid/webkit/WebViewClient;
    invoke-direct {v1}, Landroid/webkit/WebViewClient;-><init>()V # API 1: links stay in the WebView
    invoke-virtual {v0, v1}, Landroid/webkit/WebView;->setWebViewClient(Landroid/webkit/WebViewClient;)V # API 1
    invoke-virtual {p0, v0}, Lcom/github/cotuongai/xiangqi/MainActivity;->setContentView(Landroid/view/View;)V # API 1

    :try_start
    invoke-virtual {p0}, Lcom/github/cotuongai/xiangqi/MainActivity;->getApplicationInfo()Landroid/content/pm/ApplicationInfo; # API 1
    move-result-object v1
    const/4 v2, 0x5
    new-array v2, v2, [Ljava/lang/String;
    new-instance v3, Ljava/lang/StringBuilder;
    invoke-direct {v3}, Ljava/lang/StringBuilder;-><init>()V
    iget-object v4, v1, Landroid/content/pm/ApplicationInfo;->nativeLibraryDir:Ljava/lang/String; # API 9
    invoke-virtual {v3, v4}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    const-string v4, "/libcotuong.so"
    invoke-virtual {v3, v4}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    invoke-virtual {v3}, Ljava/lang/StringBuilder;->toString()Ljava/lang/String;
    move-result-object v3
    const/4 v4, 0x0
    aput-object v3, v2, v4
    const-string v3, "-apk"
    const/4 v4, 0x1
    aput-object v3, v2, v4
    iget-object v3, v1, Landroid/content/pm/ApplicationInfo;->sourceDir:Ljava/lang/String; # API 1
    const/4 v4, 0x2
    aput-object v3, v2, v4
    const-string v3, "-data"
    const/4 v4, 0x3
    aput-object v3, v2, v4
    invoke-virtual {p0}, Lcom/github/cotuongai/xiangqi/MainActivity;->getFilesDir()Ljava/io/File; # API 1
    move-result-object v3
    invoke-virtual {v3}, Ljava/io/File;->getPath()Ljava/lang/String;
    move-result-object v3
    const/4 v4, 0x4
    aput-object v3, v2, v4
    invoke-static {}, Ljava/lang/Runtime;->getRuntime()Ljava/lang/Runtime;
    move-result-object v1
    invoke-virtual {v1, v2}, Ljava/lang/Runtime;->exec([Ljava/lang/String;)Ljava/lang/Process;
    move-result-object v1
    invoke-virtual {v1}, Ljava/lang/Process;->getInputStream()Ljava/io/InputStream;
    move-result-object v1
    new-instance v2, Ljava/io/InputStreamReader;
    invoke-direct {v2, v1}, Ljava/io/InputStreamReader;-><init>(Ljava/io/InputStream;)V
    new-instance v1, Ljava/io/BufferedReader;
    invoke-direct {v1, v2}, Ljava/io/BufferedReader;-><init>(Ljava/io/Reader;)V
    invoke-virtual {v1}, Ljava/io/BufferedReader;->readLine()Ljava/lang/String;
    move-result-object v1
    :try_end
    .catch Ljava/lang/Exception; {:try_start .. :try_end} :failed

    if-nez v1, :load
    goto :use_failed

    :failed
    move-exception v1

    :use_failed
    const-string v1, "{{.FailedURL}}"

    :load
    invoke-virtual {v0, v1}, Landroid/webkit/WebView;->loadUrl(Ljava/lang/String;)V # API 1
    return-void
.end method

# onBackPressed asks the page to take Android's Back as its own (close a dialog, the editor, a
# lesson or puzzle, the review); Back answers whether it did.
.method public onBackPressed()V
    .registers 4
    iget-object v0, p0, Lcom/github/cotuongai/xiangqi/MainActivity;->web:Landroid/webkit/WebView;
    const-string v1, "{{.BackJS}}"
    new-instance v2, Lcom/github/cotuongai/xiangqi/Back;
    invoke-direct {v2, p0}, Lcom/github/cotuongai/xiangqi/Back;-><init>(Landroid/app/Activity;)V
    invoke-virtual {v0, v1, v2}, Landroid/webkit/WebView;->evaluateJavascript(Ljava/lang/String;Landroid/webkit/ValueCallback;)V # API 19
    return-void
.end method
